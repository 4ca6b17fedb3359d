/// The store as one project's pipeline writes to it while replicas share the work: every `apply` carries the
/// fence of the project lease the pipeline was started under, so the store refuses it once another replica has
/// claimed the project (a replica that stalled past its lease cannot write stale results), and a refusal is
/// reported to `onLost` so the replica drops the project.
struct FencedStateStore: ForwardingStateStore {
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
}
