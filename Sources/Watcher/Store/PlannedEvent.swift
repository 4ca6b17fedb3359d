import Foundation
import Notifier

/// An outbox event together with the deliveries the rules planned for it; both are written in one transaction.
struct PlannedEvent: Sendable, Hashable {
    /// The event (its `id` is stable: the same change always yields the same id).
    var event: OutboxEvent
    /// One entry per sink that should receive the event; empty when no rule matched (the event is still kept,
    /// for `glwatch events` and for re-delivery).
    var deliveries: [Delivery]

    /// Creates a planned event.
    init(event: OutboxEvent, deliveries: [Delivery]) {
        self.event = event
        self.deliveries = deliveries
    }

    /// A delivery the rules planned for the event: which sink, by which rule, grouped with what, not before when.
    ///
    /// It carries the same fields as the router's `PlannedDelivery` (Notifier), so the engine maps one to the other
    /// field by field.
    struct Delivery: Sendable, Hashable {
        /// The sink's configured name (never its URL or token: the store keeps names only).
        var sink: String
        /// The rule that chose the sink (kept for the audit trail); `nil` when not chosen by a rule.
        var rule: String?
        /// The template the rule chose, by name; `nil` for the sink's own.
        var template: String?
        /// Deliveries of one sink sharing a group key are handed out together (a rule's `group_window`).
        var groupKey: String?
        /// The delivery is not due before this time (the end of its group window, or the event's time).
        var notBefore: Date

        /// Creates a planned delivery.
        init(sink: String, rule: String? = nil, template: String? = nil, groupKey: String? = nil, notBefore: Date) {
            self.sink = sink
            self.rule = rule
            self.template = template
            self.groupKey = groupKey
            self.notBefore = notBefore
        }
    }
}
