/// A `StateStore` that tells someone what each `apply` wrote: how the engine counts the events a poll stored
/// and learns that deliveries were queued, without the poller knowing.
struct TappedStateStore: ForwardingStateStore {
    /// The store written to.
    let base: any StateStore
    /// Called after every successful `apply`.
    let onApply: @Sendable (ApplyResult) -> Void

    func apply(_ change: StateChange) async throws -> ApplyResult {
        let result = try await base.apply(change)
        onApply(result)
        return result
    }
}
