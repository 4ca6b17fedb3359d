/// A `StateStore` that tells someone what each `apply` wrote: how the engine counts the events a poll stored
/// and learns that deliveries were queued, without the poller knowing.
struct TappedStateStore: StateStore {
    /// The store written to.
    let base: any StateStore
    /// Called after every successful `apply`.
    let onApply: @Sendable (ApplyResult) -> Void

    func apply(_ change: StateChange) async throws -> ApplyResult {
        let result = try await base.apply(change)
        onApply(result)
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
