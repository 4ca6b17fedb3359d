/// A `StateStore` that counts the events each `apply` really added, by type (`glwatch_events_total`).
///
/// Counting at the store, not in the poller, means an event counts once: a change re-applied after a crash skips
/// its already stored events (`ApplyResult.duplicateEventIDs`), and they are not counted again. Wrap the store the
/// engine writes to in the composition root.
struct MeteredStateStore: StateStore {
    /// The store written to.
    let base: any StateStore
    /// Where the counts go.
    let metrics: WatcherMetrics

    func apply(_ change: StateChange) async throws -> ApplyResult {
        let result = try await base.apply(change)
        let inserted = Set(result.insertedEventIDs)
        metrics.recordEvents(types: change.events.map(\.event).filter { inserted.contains($0.id) }.map(\.type))
        return result
    }

    func recordIdlePolls(_ polls: [IdlePoll]) async throws { try await base.recordIdlePolls(polls) }

    func recordHooks(_ hooks: [IdlePoll]) async throws { try await base.recordHooks(hooks) }

    func beginWatching(_ starts: [WatchStart]) async throws -> [WatchStart] {
        try await base.beginWatching(starts)
    }

    func projects() async throws -> [ProjectRecord] { try await base.projects() }

    func unbaselinedProjects() async throws -> [ProjectKey] { try await base.unbaselinedProjects() }

    func projectState(_ key: ProjectKey) async throws -> ProjectState? { try await base.projectState(key) }

    func knownContributors(in project: ProjectKey, among emails: Set<String>) async throws -> Set<String> {
        try await base.knownContributors(in: project, among: emails)
    }

    func reportedCommits(in project: ProjectKey, among shas: [String]) async throws -> Set<String> {
        try await base.reportedCommits(in: project, among: shas)
    }
}
