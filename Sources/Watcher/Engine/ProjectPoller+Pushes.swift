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
}

extension ProjectPoller {
    /// Fetches the range of every created and moved branch and judges each push.
    ///
    /// - Parameter previousDefaultHead: when the default branch itself is new to the watch list (the project's
    ///   default branch was switched), the stored head of the branch watched before, so that only what the new
    ///   default branch adds is announced rather than its whole history; `nil` for a first push.
    func examine(
        _ diff: HeadDiff, defaultBranch: String?, defaultHead: String?, previousDefaultHead: String? = nil
    ) async throws -> [BranchPush] {
        var pushes: [BranchPush] = []
        let limit = options.maxCommitsPerPush
        for (branch, head) in diff.created {
            // A new branch's news is what the default branch does not already have.
            let base = branch == defaultBranch ? previousDefaultHead : defaultHead
            let window =
                base == head
                ? CommitWindow(commits: [], isComplete: true)
                : try await source.commits(in: key.id, from: base, to: head, limit: limit)
            pushes.append(BranchPush(branch: branch, before: nil, after: head, window: window, forced: false, dropped: 0))
        }
        for move in diff.moved {
            let window = try await source.commits(in: key.id, from: move.from, to: move.to, limit: limit)
            let forced: Bool
            switch RangeVerdict(from: move.from, window: window) {
            case .fastForward: forced = false
            case .forcePushed: forced = true
            case .undecided: forced = try await !source.isAncestor(move.from, of: move.to, in: key.id)
            }
            var dropped = 0
            if forced {
                dropped = try await source.commits(in: key.id, from: move.to, to: move.from, limit: limit).commits.count
            }
            pushes.append(
                BranchPush(branch: move.branch, before: move.from, after: move.to, window: window, forced: forced, dropped: dropped)
            )
        }
        // The default branch first: a commit reaching it and a feature branch in one poll is reported there.
        return pushes.sorted { lhs, rhs in
            if (lhs.branch == defaultBranch) != (rhs.branch == defaultBranch) { return lhs.branch == defaultBranch }
            return lhs.branch < rhs.branch
        }
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
            change.heads.append(.set(project: key, branch: push.branch, sha: push.after))
            let newCommits = push.window.commits.reversed().filter { commit in
                !reported.contains(commit.id) && (options.reportPerBranch || seen.insert(commit.id).inserted)
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
                        droppedCount: push.dropped, commits: list, at: time
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
}
