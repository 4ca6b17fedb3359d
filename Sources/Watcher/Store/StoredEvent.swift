import Notifier

/// An outbox event with its deliveries, as `glwatch events` shows it.
struct StoredEvent: Sendable, Hashable {
    /// The event.
    var event: OutboxEvent
    /// Its deliveries (one per sink, plus any re-deliveries), oldest first.
    var deliveries: [DeliveryRecord]
}
