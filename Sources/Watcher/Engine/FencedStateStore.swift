/// The store as one project's pipeline writes to it while replicas share the work: every `apply` carries the
/// fence of the project lease the pipeline was started under, so the store refuses it once another replica has
/// claimed the project (a replica that stalled past its lease cannot write stale results), and a refusal is
/// reported to `onLost` so the replica drops the project.
struct FencedStateStore: StateStore {
    /// The store written to.
    let base: any StateStore
    /// The lease the pipeline holds.
    let fence: ProjectFence
    /// Called when the store refused a change because the lease moved on.
    let onLost: @Sendable (ProjectFence) -> Void

    func apply(_ change: StateChange) async throws -> ApplyResult {
        var change = change
        change.fence = fence
        do {
            return try await base.apply(change)
        } catch StateStoreError.leaseLost(let project) where project == fence.project {
            onLost(fence)
            throw StateStoreError.leaseLost(project: project)
        }
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
