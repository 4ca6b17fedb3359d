import Foundation
import Notifier

extension ProjectPoller {
    /// First sight of a project: record its heads and known contributors without announcing anything (unless
    /// the target asks for `initial: notify_last: N`, which announces each branch's last N commits).
    ///
    /// The baseline is as of the moment glwatch began watching (`watchStart`), not as of this poll: a first poll
    /// that failed or came late still announces what was pushed since, read from the project's push events
    /// (each one's `commit_from` is where its branch stood before). A project created after its target's first
    /// discovery (`isNewProject`) starts from an empty baseline, so everything in it is announced. Either way the
    /// baseline is written first and the same poll then announces the difference like any later poll.
    func baseline(_ info: GitLabProject, at time: Date) async throws -> PollOutcome {
        let start = try await recordedWatchStart()
        let isNew = start?.isNew ?? isNewProject
        let listedContributors: [GitLabContributor]
        let observation: HeadObservation
        // Whether the heads were read by an earlier poll: they may have moved since, so this one catches up.
        var readEarlier = false
        if let pending = pendingBaseline, pending.project == info.id {
            // The second half: GitLab has had `eventLateness` to write the events of pushes before that reading.
            let wait = eventLateness - time.timeIntervalSince(pending.at)
            guard wait <= 0 else { return .deferred(retryIn: wait) }
            (listedContributors, observation) = (pending.contributors, pending.observation)
            readEarlier = true
        } else {
            // GitLab's contributor list is as of the moment it is read. Read before the heads, it cannot name the
            // author of a commit newer than them: such a commit is announced by a later poll, and so must its
            // author be.
            listedContributors = isNew ? [] : try await contributorsBeforeHeads(info)
            observation = try await observeHeads(info, stored: nil, at: time)
            if !isNew, start != nil, eventLateness > 0 {
                // A push made just before this reading may have no visible push event yet: walked back from these
                // heads with its event missing, the baseline would swallow it. Walk back once GitLab wrote them:
                // `eventLateness` after the heads were read, which under load or retries is well after the poll
                // began.
                pendingBaseline = PendingBaseline(
                    project: info.id, contributors: listedContributors, observation: observation, at: now()
                )
                return .deferred(retryIn: eventLateness)
            }
        }
        let startHeads: [String: String]?
        if isNew {
            startHeads = [:]
        } else {
            startHeads = try await headsAtWatchStart(observation.heads, info: info, since: start?.since)
        }
        let heads = startHeads ?? observation.heads
        let ref = projectRef(info)
        var change = StateChange(at: time)
        change.projects = [
            ProjectRecord(
                key: key, path: info.pathWithNamespace, status: info.archived == true ? .archived : .active,
                lastPollAt: time, lastSuccessAt: time
            )
        ]
        change.heads = heads.sorted { $0.key < $1.key }.map { .set(project: key, branch: $0.key, sha: $0.value) }

        // Baseline contributors are attributed to the head they were seen at: their real first commit may be
        // years older, and finding it would cost a history walk. GitLab's list is as of now, so the authors of
        // what was pushed since the watch began are left out: the announcing poll decides about them.
        let anchor = info.defaultBranch.flatMap { heads[$0] } ?? heads.values.sorted().first
        if let anchor {
            let pushedSince = try await authorsPushedSinceWatchStart(
                from: startHeads, to: observation.heads, info: info
            )
            var seen = Set<String>()
            for contributor in listedContributors {
                let identity = options.identity(of: contributor.email)
                guard !identity.isEmpty, !pushedSince.contains(identity), seen.insert(identity).inserted else {
                    continue
                }
                change.contributors.append(
                    StateChange.NewContributor(
                        project: key,
                        contributor: Contributor(email: identity, name: contributor.name, firstCommit: anchor, firstSeenAt: time)
                    )
                )
            }
        }

        var events: [WatchEvent] = []
        if options.initialNotifyLast > 0, startHeads == nil {
            var reported: [String] = []
            for (branch, head) in observation.heads.sorted(by: { $0.key < $1.key }) {
                let window = try await source.commits(in: key.id, from: nil, to: head, limit: options.initialNotifyLast)
                let commits = window.commits.reversed().filter { !reported.contains($0.id) }
                guard !commits.isEmpty else { continue }
                reported += commits.map(\.id)
                let list = CommitList(keepingEnds: commits.map(\.eventCommit), limit: options.keepCommitEnds)
                events.append(.commitsNew(project: ref, branch: branch, before: nil, after: head, commits: list, at: time))
            }
            if !reported.isEmpty {
                change.reportedCommits = [StateChange.ReportedCommits(project: key, shas: reported)]
            }
        }
        // Tags (`tags: true`): their baseline is as of the watch start too.
        let tags = try await tagStep(
            stored: nil, probedPushEventID: observation.probedPushEventID, ref: ref, at: time, start: start
        )
        change.tags = tags.updates
        change.events = try await plan(events)
        _ = try await store.apply(change)
        pendingBaseline = nil
        if let check = tags.check { lastTagCheck = check }
        guard startHeads != nil || readEarlier, let state = try await store.projectState(key) else {
            noteBranchRead(observation, at: time)
            return .changed
        }
        // Catching up: the newest push event must not hide the difference from the update below, and the heads
        // stored are as of the watch start, so that is where the push events that tell a re-created branch from a
        // force-push begin.
        var asOfStart = state
        if let since = start?.since { asOfStart.record.lastSuccessAt = since }
        _ = try await update(asOfStart, info: info, at: time).value
        return .changed
    }

    /// When glwatch began watching the project, as recorded in the store (the engine records it when it creates
    /// the pipeline, so a restart before the first successful poll keeps the original moment); recorded now from
    /// `watchStart` and `isNewProject` if it was not. `nil` without a watch start (`glwatch once`).
    func recordedWatchStart() async throws -> WatchStart? {
        guard let watchStart else { return nil }
        return try await store.beginWatching([.project(key, since: watchStart, isNew: isNewProject)]).first
    }

    /// GitLab's contributors of the project (its default branch), or none while the repository is empty (GitLab
    /// answers 404 "Repository Not Found" then).
    private func contributorsBeforeHeads(_ info: GitLabProject) async throws -> [GitLabContributor] {
        guard info.defaultBranch != nil, info.emptyRepo != true else { return [] }
        do {
            return try await source.contributors(in: key.id)
        } catch .notFound {
            return []
        }
    }

    /// The watched branches' heads as of `watchStart`, from the push events since: each branch is walked back
    /// from its head now (`observed`) through the pushes that led there (`PushChain.walkBack`); a branch deleted
    /// since is walked back from its deletion, one created since has no head then. `nil` when nothing watched was
    /// pushed since (or no watch start is known): the heads now are the baseline.
    ///
    /// Walking back from the heads read, rather than taking each branch's oldest push since the watch start,
    /// matters because events are written late and out of order: a push made after the heads were read may have
    /// its event visible while the one before it has not, and its `commit_from` would swallow that earlier push.
    ///
    /// A bulk push event (more refs than GitLab's `push_event_activities_limit`, 3 by default, pushed at once)
    /// names no ref; such a push is taken as it stands now. So is everything when the token may not read the
    /// project's events (push events need the Reporter role; docs/gitlab-api.md): the heads now are the baseline.
    func headsAtWatchStart(
        _ observed: [String: String], info: GitLabProject, since watchStart: Date?
    ) async throws -> [String: String]? {
        guard let watchStart else { return nil }
        guard let events = try await source.pushEventsIfReadable(in: key.id, since: watchStart) else { return nil }
        let pushed = events.compactMap { event -> String? in
            guard let push = event.pushData, push.refType == "branch", let branch = push.ref,
                options.branches.contains(branch, defaultBranch: info.defaultBranch)
            else { return nil }
            return branch
        }
        var heads = observed
        for branch in Set(pushed) {
            heads[branch] = PushChain.walkBack(events, branch: branch, from: observed[branch])
        }
        return heads == observed ? nil : heads
    }

    /// The identities of the authors of non-merge commits on the default branch between `start` and `now`.
    private func authorsPushedSinceWatchStart(
        from start: [String: String]?, to now: [String: String], info: GitLabProject
    ) async throws -> Set<String> {
        guard let start, let branch = info.defaultBranch, let head = now[branch], start[branch] != head else {
            return []
        }
        let window = try await source.commits(
            in: key.id, from: start[branch], to: head, limit: options.maxCommitsPerPush
        )
        return Set(
            window.commits.filter(\.isContribution).compactMap { $0.authorEmail.map(options.identity(of:)) }
        )
    }

    /// Whether `sha` is git's all-zero SHA (a ref that did not exist).
    static func isNullSHA(_ sha: String) -> Bool {
        !sha.isEmpty && sha.allSatisfy { $0 == "0" }
    }
}

/// What the first half of a baseline read (see `ProjectPoller.baseline`): kept in memory only, so a restart reads
/// again (the watch start itself is in the store).
struct PendingBaseline {
    /// The project's id as read (a project deleted and created again under the path reads again).
    var project: Int64
    /// GitLab's contributors, read before the heads.
    var contributors: [GitLabContributor]
    /// The heads.
    var observation: ProjectPoller.HeadObservation
    /// When they had been read (the moment the branch list arrived, not the moment the poll began).
    var at: Date
}
