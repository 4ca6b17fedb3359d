/// What `StateStore.apply(_:)` wrote.
struct ApplyResult: Sendable, Hashable {
    /// Ids of the events added to the outbox, in the change's order.
    var insertedEventIDs: [String] = []
    /// Ids of events that were already stored and were skipped with their deliveries (a re-applied change).
    var duplicateEventIDs: [String] = []
    /// Deliveries queued for the inserted events.
    var queuedDeliveries: Int = 0
}
