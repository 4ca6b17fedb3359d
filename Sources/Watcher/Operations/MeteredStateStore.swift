/// A `StateStore` that counts the events each `apply` really added, by type (`glwatch_events_total`).
///
/// Counting at the store, not in the poller, means an event counts once: a change re-applied after a crash skips
/// its already stored events (`ApplyResult.duplicateEventIDs`), and they are not counted again. Wrap the store the
/// engine writes to in the composition root.
struct MeteredStateStore: ForwardingStateStore {
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
}
