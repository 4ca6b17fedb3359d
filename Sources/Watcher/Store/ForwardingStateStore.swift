/// A `StateStore` that wraps another and passes every call on to it, unless it implements the call itself: the
/// store taps (`TappedStateStore`, `MeteredStateStore`) implement only what they watch, `DryRunStateStore` only
/// its writes.
protocol ForwardingStateStore: StateStore {
    /// The store the calls go to.
    var base: any StateStore { get }
}

extension ForwardingStateStore {
    func apply(_ change: StateChange) async throws -> ApplyResult { try await base.apply(change) }

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
