import Foundation
import Notifier

/// An outbox event together with the deliveries the rules planned for it; both are written in one transaction.
struct PlannedEvent: Sendable, Hashable {
    /// The event (its `id` is stable: the same change always yields the same id).
    var event: OutboxEvent
    /// One entry per sink that should receive the event; empty when no rule matched (the event is still kept,
    /// for `glwatch events` and for re-delivery).
    var deliveries: [PlannedDelivery]

    /// Creates a planned event.
    init(event: OutboxEvent, deliveries: [PlannedDelivery]) {
        self.event = event
        self.deliveries = deliveries
    }
}

/// A delivery the rules planned for an event: which sink, grouped with what, and not before when.
struct PlannedDelivery: Sendable, Hashable {
    /// The sink's configured name (never its URL or token: the store keeps names only).
    var sink: String
    /// Deliveries of one sink sharing a group key are handed to the notifier together (a rule's `group_window`).
    var groupKey: String?
    /// The delivery is not due before this time (the end of its group window, or the event's time).
    var notBefore: Date

    /// Creates a planned delivery.
    init(sink: String, groupKey: String? = nil, notBefore: Date) {
        self.sink = sink
        self.groupKey = groupKey
        self.notBefore = notBefore
    }
}
