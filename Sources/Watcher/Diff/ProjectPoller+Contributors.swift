import Foundation
import Notifier

extension ProjectPoller {
    /// Finds the authors of `commits` (oldest first) not yet known in the project; only non-merge commits count
    /// (`GitLabCommit.isContribution`).
    ///
    /// GitLab's contributors endpoint only covers recent history, so an author missing from glwatch's records may
    /// still be an old contributor: before announcing one, a single query asks whether they authored anything
    /// reachable from the parent of their first new commit. Either way they are recorded, so the question is
    /// asked once per author.
    func newContributors(
        in commits: [(commit: GitLabCommit, branch: String)], ref: ProjectRef, at time: Date
    ) async throws -> (records: [StateChange.NewContributor], events: [WatchEvent]) {
        var firsts: [(identity: String, commit: GitLabCommit, branch: String)] = []
        var identities = Set<String>()
        for (commit, branch) in commits where commit.isContribution {
            guard let email = commit.authorEmail, !email.isEmpty else { continue }
            let identity = options.identity(of: email)
            if identities.insert(identity).inserted {
                firsts.append((identity, commit, branch))
            }
        }
        guard !firsts.isEmpty else { return ([], []) }
        let known = try await store.knownContributors(in: key, among: identities)

        var records: [StateChange.NewContributor] = []
        var events: [WatchEvent] = []
        for (identity, commit, branch) in firsts where !known.contains(identity) {
            let contributor = Contributor(
                email: identity, name: commit.authorName ?? "", firstCommit: commit.id, firstSeenAt: time
            )
            records.append(StateChange.NewContributor(project: key, contributor: contributor))
            if try await !hasEarlierCommit(by: commit) {
                let person = Person(name: commit.authorName ?? "", email: commit.authorEmail ?? identity)
                events.append(
                    .contributorNew(project: ref, branch: branch, contributor: person, commit: commit.eventCommit, at: time)
                )
            }
        }
        return (records, events)
    }

    /// Whether the author of `commit` has a non-merge commit in the history before it (usually one request; none
    /// for a root commit).
    private func hasEarlierCommit(by commit: GitLabCommit) async throws -> Bool {
        guard let parent = commit.parentIDs?.first, let email = commit.authorEmail else { return false }
        return try await source.hasCommit(by: email, reachableFrom: parent, in: key.id)
    }
}
