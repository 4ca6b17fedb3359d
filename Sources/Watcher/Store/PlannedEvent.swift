import Foundation
import Notifier

/// An outbox event together with the deliveries the router planned for it; both are written in one transaction.
///
/// The engine builds it straight from the notifier's output: `PlannedEvent(event: try watchEvent.outboxEvent(),
/// deliveries: router.route(watchEvent).deliveries)`.
package struct PlannedEvent: Sendable, Hashable {
    /// The event (its `id` is stable: the same change always yields the same id).
    package var event: OutboxEvent
    /// The router's deliveries, at most one per sink; empty when no rule matched.
    ///
    /// The event is stored even without deliveries (for `glwatch events` and re-delivery). Sink names must be
    /// plain names: the store never keeps URLs or tokens.
    package var deliveries: [PlannedDelivery]

    /// Creates a planned event.
    package init(event: OutboxEvent, deliveries: [PlannedDelivery]) {
        self.event = event
        self.deliveries = deliveries
    }
}
