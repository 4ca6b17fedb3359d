import Foundation
import Notifier

/// What happened on one branch, worked out from its commit range.
struct BranchPush: Sendable {
    /// The branch.
    var branch: String
    /// The stored head, `nil` for a branch that is new.
    var before: String?
    /// The head now.
    var after: String
    /// The commits reachable from `after` and not from `before` (for a new branch: not from the default
    /// branch), newest first.
    var window: CommitWindow
    /// Whether `before` is no longer reachable from `after`.
    var forced: Bool
    /// For a force-push: how many commits the old head had that the new one lacks.
    var dropped: Int
    /// For a force-push: whether the new head shares no history with the old one (no merge base).
    var unrelated = false
    /// For a force-push: whether GitLab no longer has `before` (pruned by housekeeping): `window` is then what the
    /// branch brought lately (`prunedOldHeadWindow`), and `dropped` 0, as nothing can say.
    var oldHeadPruned = false
    /// When the branch was deleted and created again since the last poll (GitLab's push events say so): the head
    /// it was deleted at. The push is then reported as `branch.deleted` and `branch.created`, not a force-push.
    var deletedAt: String? = nil
    /// The commits of `window` that a head stored at the last poll reaches: not new (see `CommitWindow.reached`).
    var known: Set<String> = []
}

extension ProjectPoller {
    /// Fetches the range of every created and moved branch and judges each push.
    ///
    /// - Parameters:
    ///   - previousDefaultHead: when the default branch itself is new to the watch list (the project's default
    ///     branch was switched), the stored head of the branch watched before, so that only what the new default
    ///     branch adds is announced rather than its whole history; `nil` for a first push.
    ///   - lastPollAt: when the stored heads were last confirmed: a branch whose new head does not descend from
    ///     its old one is looked up in the push events since then, to tell a deletion and re-creation from a
    ///     force-push.
    ///   - storedHeads: every head stored at the last poll: the commits they reach are not new (`BranchPush.known`).
    ///   - pushed: a range already read with the heads (a hinted poll): used for the move it is the range of.
    func examine(
        _ diff: HeadDiff, defaultBranch: String?, defaultHead: String?, previousDefaultHead: String? = nil,
        lastPollAt: Date? = nil, storedHeads: Set<String> = [], pushed: PushedRange? = nil
    ) async throws -> [BranchPush] {
        let pushes = try await examineRanges(
            diff, defaultBranch: defaultBranch, defaultHead: defaultHead, previousDefaultHead: previousDefaultHead,
            lastPollAt: lastPollAt, pushed: pushed
        )
        let retired = retiredHeads(pushes, deleted: diff.deleted, storedHeads)
        var known: [BranchPush] = []
        var budget = Self.retiredHeadChecksPerPoll
        for var push in pushes {
            push.known = push.window.reached(from: storedHeads)
            known.append(try await knowingRetiredHistory(push, retired: retired, budget: &budget))
        }
        return known
    }

    /// At most this many merge bases are asked per poll for retired heads (`knowingRetiredHistory`). A project that
    /// piled up many force-pushes and new branches while glwatch was away would otherwise ask one per pair — the long
    /// soak's catch-up polls then outlasted the time between kills and never committed. Beyond the budget, a branch
    /// made from a retired head's history may announce commits that head had: noise, never a loss.
    static let retiredHeadChecksPerPoll = 4

    /// The heads this poll finds gone from every branch's history: the old heads of force-pushed and deleted
    /// branches. (A fast-forwarded branch's old head is still in its history, so any window that holds commits it
    /// reached lists it too.)
    private func retiredHeads(
        _ pushes: [BranchPush], deleted: [String: String], _ storedHeads: Set<String>
    ) -> [String] {
        let forced = pushes.compactMap { push in push.forced ? push.before : push.deletedAt }
        return Array(Set(forced + Array(deleted.values)).intersection(storedHeads)).sorted()
    }

    /// `push` with `known` grown by what a head retired in this same poll reached: a branch created from a
    /// force-pushed branch, or from an old commit of a branch replaced by an unrelated history, has commits no
    /// head stored now reaches — they were on the retired head, not new. A retired head the window lists is followed
    /// already; for the others, their merge base with the new head says where the old history begins: one request
    /// each, only for a new branch or a rewrite whose window holds commits not known yet, in a poll that found a
    /// branch force-pushed or deleted, and at most `retiredHeadChecksPerPoll` per poll. A merge base GitLab cannot
    /// give (a pruned or unrelated head) leaves `known` as it was.
    private func knowingRetiredHistory(
        _ push: BranchPush, retired: [String], budget: inout Int
    ) async throws -> BranchPush {
        // A fast-forward's window holds only what its own old head lacked: only a new branch and a rewrite can bring
        // back history another head had.
        guard push.before == nil || push.forced else { return push }
        let listed = Set(push.window.commits.map(\.id))
        let others = retired.filter { $0 != push.before && !listed.contains($0) }
        guard !others.isEmpty, push.known.count < listed.count else { return push }
        var push = push
        for head in others {
            guard budget > 0 else { break }
            budget -= 1
            guard let base = try await mergeBaseIfResolvable(push.after, head), listed.contains(base) else { continue }
            push.known.formUnion(push.window.reached(from: [base]))
            if push.known.count == listed.count { break }
        }
        return push
    }

    private func examineRanges(
        _ diff: HeadDiff, defaultBranch: String?, defaultHead: String?, previousDefaultHead: String?,
        lastPollAt: Date?, pushed: PushedRange?
    ) async throws -> [BranchPush] {
        var pushes: [BranchPush] = []
        let limit = options.maxCommitsPerPush
        for (branch, head) in diff.created {
            // A new branch's news is what the default branch does not already have.
            let base = branch == defaultBranch ? previousDefaultHead : defaultHead
            let window = try await newBranchWindow(from: base, to: head)
            pushes.append(BranchPush(branch: branch, before: nil, after: head, window: window, forced: false, dropped: 0))
        }
        for move in diff.moved {
            let window: CommitWindow
            var oldHeadPruned = false
            if let pushed, pushed.branch == move.branch, pushed.from == move.from,
                pushed.window.commits.first?.id == move.to
            {
                window = CommitWindow(
                    commits: Array(pushed.window.commits.prefix(limit)),
                    isComplete: pushed.window.isComplete && pushed.window.commits.count <= limit
                )
            } else {
                do {
                    window = try await source.commits(in: key.id, from: move.from, to: move.to, limit: limit)
                } catch {
                    // GitLab's 400 `ref_name is invalid`: one side of the range does not resolve. The new head was
                    // just read, so when the old head's commit is gone too, housekeeping pruned it (docs/gitlab-api.md).
                    guard Self.isInvalidRange(error), try await !source.commitExists(move.from, in: key.id) else {
                        throw error
                    }
                    window = try await prunedOldHeadWindow(to: move.to, lastPollAt: lastPollAt)
                    oldHeadPruned = true
                }
            }
            let forced: Bool
            var unrelated = false
            switch oldHeadPruned ? RangeVerdict.forcePushed : RangeVerdict(from: move.from, window: window) {
            case .fastForward: forced = false
            case .forcePushed where oldHeadPruned:
                forced = true  // an old head GitLab no longer has: nothing to confirm the rewrite with, or to count
            case .forcePushed:
                // A rewrite needs two answers that agree: the range, and the merge base (one request, rare). An
                // empty range must mean the branch moved backwards, or the list lost the rewrite's commits.
                unrelated = try await source.confirmRewrite(
                    from: move.from, to: move.to, rangeIsEmpty: window.commits.isEmpty, in: key.id
                )
                forced = true
            case .undecided:
                let base = try await source.mergeBase(of: move.from, move.to, in: key.id)
                (forced, unrelated) = (base != move.from, base == nil)
            }
            if forced, let since = lastPollAt,
                try await wasRecreated(move.branch, from: move.from, to: move.to, since: since)
            {
                let base = move.branch == defaultBranch ? nil : defaultHead
                let window = try await newBranchWindow(from: base, to: move.to)
                pushes.append(
                    BranchPush(
                        branch: move.branch, before: nil, after: move.to, window: window, forced: false, dropped: 0,
                        deletedAt: move.from
                    )
                )
                continue
            }
            var dropped = 0
            if forced, !oldHeadPruned {
                dropped = try await source.commits(in: key.id, from: move.to, to: move.from, limit: limit).commits.count
            }
            pushes.append(
                BranchPush(
                    branch: move.branch, before: move.from, after: move.to, window: window, forced: forced,
                    dropped: dropped, unrelated: unrelated, oldHeadPruned: oldHeadPruned
                )
            )
        }
        // The default branch first: a commit reaching it and a feature branch in one poll is reported there.
        return pushes.sorted { lhs, rhs in
            if (lhs.branch == defaultBranch) != (rhs.branch == defaultBranch) { return lhs.branch == defaultBranch }
            return lhs.branch < rhs.branch
        }
    }

    /// The merge base of two commits; `nil` when they share no history, or when GitLab answers that one does not
    /// resolve (400 or 404: a pruned head) — deterministic answers that leave nothing more to know.
    private func mergeBaseIfResolvable(_ first: String, _ second: String) async throws -> String? {
        let result: Result<String?, GitLabError>
        do {
            result = .success(try await source.mergeBase(of: first, second, in: key.id))
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let base): return base
        case .failure(.rejected), .failure(.notFound): return nil
        case .failure(let error): throw error
        }
    }

    /// What a branch whose old head GitLab pruned brought, as far as GitLab can still tell: the commits reachable
    /// from `head` committed since a day before glwatch last saw the branch (never before the watch began), bounded
    /// by `max_commits_per_push`; `describe` then keeps those not announced already (`reportedCommits`) nor
    /// reached by another stored head. A commit committed over a day before that poll and pushed only now is
    /// missed: GitLab cannot say any more what the old head had.
    private func prunedOldHeadWindow(to head: String, lastPollAt: Date?) async throws -> CommitWindow {
        var since = (lastPollAt ?? now()).addingTimeInterval(-Self.prunedHeadLookback)
        if let watchStart { since = max(since, watchStart) }
        return try await source.commits(in: key.id, to: head, since: since, limit: options.maxCommitsPerPush)
    }

    /// How long before the last poll a branch with a pruned old head is read back (`prunedOldHeadWindow`).
    static let prunedHeadLookback: TimeInterval = 24 * 3600

    /// Whether `error` is GitLab's answer to a commit range one of whose sides does not resolve (400
    /// `ref_name is invalid`, `lib/api/commits.rb`).
    static func isInvalidRange(_ error: any Error) -> Bool {
        guard case .rejected(_, 400, let message)? = error as? GitLabError else { return false }
        return message?.contains("ref_name is invalid") == true
    }

    /// The commits a new branch at `head` brings over `base` (the default branch's head; `nil`: its whole
    /// history). An empty range is believed only when the merge base confirms that `head` points into what `base`
    /// already has: a list that lost its page would otherwise hide the branch's commits for good.
    private func newBranchWindow(from base: String?, to head: String) async throws -> CommitWindow {
        guard base != head else { return CommitWindow(commits: [], isComplete: true) }
        let window = try await source.commits(in: key.id, from: base, to: head, limit: options.maxCommitsPerPush)
        if let base, window.commits.isEmpty {
            try await source.confirmAncestor(head, of: base, in: key.id)
        }
        return window
    }

    /// Turns the examined pushes and deleted branches into head updates, reported commits, contributors and
    /// events (each commit reported once per project unless the target asks for per-branch reports).
    func describe(
        _ pushes: [BranchPush], diff: HeadDiff, ref: ProjectRef, at time: Date,
        into change: inout StateChange, events: inout [WatchEvent]
    ) async throws {
        for (branch, lastHead) in diff.deleted.sorted(by: { $0.key < $1.key }) {
            change.heads.append(.delete(project: key, branch: branch))
            events.append(.branchDeleted(project: ref, branch: branch, lastHead: lastHead, at: time))
        }

        let allSHAs = pushes.flatMap { $0.window.commits.map(\.id) }
        let reported =
            options.reportPerBranch || allSHAs.isEmpty
            ? Set<String>() : try await store.reportedCommits(in: key, among: allSHAs)
        var seen = Set<String>()
        var fresh: [(commit: GitLabCommit, branch: String)] = []

        for push in pushes {
            if let deletedAt = push.deletedAt {
                events.append(.branchDeleted(project: ref, branch: push.branch, lastHead: deletedAt, at: time))
            }
            change.heads.append(.set(project: key, branch: push.branch, sha: push.after))
            // Once per project: not reported before, not on a watched branch at the last poll, not earlier in this
            // poll. Per branch (`report_per_branch`): every commit the branch's range holds.
            let newCommits = push.window.commits.reversed().filter { commit in
                options.reportPerBranch
                    || (!reported.contains(commit.id) && !push.known.contains(commit.id)
                        && seen.insert(commit.id).inserted)
            }
            fresh += newCommits.map { ($0, push.branch) }
            let list = CommitList(keepingEnds: newCommits.map(\.eventCommit), limit: options.keepCommitEnds)
            if push.before == nil {
                let headCommit = push.window.commits.first { $0.id == push.after }?.eventCommit
                events.append(.branchCreated(project: ref, branch: push.branch, head: push.after, commit: headCommit, at: time))
                if !newCommits.isEmpty {
                    events.append(.commitsNew(project: ref, branch: push.branch, before: nil, after: push.after, commits: list, at: time))
                }
            } else if push.forced {
                events.append(
                    .branchForcePushed(
                        project: ref, branch: push.branch, oldHead: push.before ?? "", newHead: push.after,
                        droppedCount: push.dropped, unrelated: push.unrelated, oldHeadPruned: push.oldHeadPruned,
                        commits: list, at: time
                    )
                )
            } else if !newCommits.isEmpty {
                events.append(
                    .commitsNew(project: ref, branch: push.branch, before: push.before, after: push.after, commits: list, at: time)
                )
            }
        }

        if !fresh.isEmpty {
            var shas = fresh.map(\.commit.id)
            if options.reportPerBranch { shas = Array(Set(shas)).sorted() }
            change.reportedCommits = [StateChange.ReportedCommits(project: key, shas: shas)]
            let contributors = try await newContributors(in: fresh, ref: ref, at: time)
            change.contributors = contributors.records
            events += contributors.events
        }
    }

    /// Whether `branch`, at `head` when last polled and at `newHead` now, was deleted since `since` and so created
    /// again rather than force-pushed: its push events since link `head` to `newHead` (`PushChain`) through a
    /// deletion. One request when every event is visible. GitLab writes events in a background job, so while they
    /// do not link, they are read again each second for up to `eventLateness`; then (or at once after a bulk
    /// push, whose event names no ref) a visible deletion from `head` decides. A token that may not read push
    /// events (Reporter role needed) leaves it a force-push, as GitLab's branch heads alone say.
    func wasRecreated(_ branch: String, from head: String, to newHead: String, since: Date) async throws -> Bool {
        let deadline = now().addingTimeInterval(eventLateness)
        while true {
            guard let events = try await source.pushEventsIfReadable(in: key.id, since: since) else { return false }
            switch PushChain.link(events, branch: branch, from: head, to: newHead) {
            case .linked(let deleted):
                return deleted
            case .broken(let waitable) where waitable && now() < deadline:
                await sleep(min(1, deadline.timeIntervalSince(now())))
            case .broken:
                return events.contains { event in
                    guard let push = event.pushData, push.refType == "branch", push.ref == branch else { return false }
                    let deleted = push.commitTo.map(Self.isNullSHA) ?? true
                    return deleted && push.commitFrom == head
                }
            }
        }
    }
}
