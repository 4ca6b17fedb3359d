import Foundation
import Notifier

extension ProjectPoller {
    /// First sight of a project: record its heads and known contributors without announcing anything (unless
    /// the target asks for `initial: notify_last: N`, which announces each branch's last N commits).
    func baseline(_ info: GitLabProject, at time: Date) async throws -> PollOutcome {
        let observation = try await observeHeads(info, stored: [:])
        let ref = projectRef(info)
        var change = StateChange(at: time)
        change.projects = [
            ProjectRecord(
                key: key, path: info.pathWithNamespace, status: info.archived == true ? .archived : .active,
                lastPollAt: time, lastSuccessAt: time
            )
        ]
        change.heads = observation.heads.sorted { $0.key < $1.key }.map { .set(project: key, branch: $0.key, sha: $0.value) }

        // Baseline contributors are attributed to the head they were seen at: their real first commit may be
        // years older, and finding it would cost a history walk.
        let anchor = info.defaultBranch.flatMap { observation.heads[$0] } ?? observation.heads.values.sorted().first
        if let anchor {
            var seen = Set<String>()
            for contributor in try await source.contributors(in: key.id) {
                let identity = options.identity(of: contributor.email)
                guard !identity.isEmpty, seen.insert(identity).inserted else { continue }
                change.contributors.append(
                    StateChange.NewContributor(
                        project: key,
                        contributor: Contributor(email: identity, name: contributor.name, firstCommit: anchor, firstSeenAt: time)
                    )
                )
            }
        }

        var events: [WatchEvent] = []
        if options.initialNotifyLast > 0 {
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
        change.events = try await plan(events)
        _ = try await store.apply(change)
        if let pushEventID = observation.pushEventID { setLastPushEventID(pushEventID) }
        return .changed
    }
}
