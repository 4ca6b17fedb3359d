/// What `StateStore.apply(_:)` wrote.
package struct ApplyResult: Sendable, Hashable {
    /// Ids of the events added to the outbox, in the change's order.
    package var insertedEventIDs: [String] = []
    /// Ids of events that were already stored and were skipped with their deliveries (a re-applied change).
    package var duplicateEventIDs: [String] = []
    /// Deliveries queued for the inserted events.
    package var queuedDeliveries: Int = 0
}
