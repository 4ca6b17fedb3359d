import Foundation

/// A delivery the router decided on, for the store to queue in the same transaction as its event.
public struct PlannedDelivery: Sendable, Hashable {
    /// The sink's name.
    public var sink: String
    /// The rule that chose the sink.
    public var rule: String
    /// The template the rule chose, by name (`nil`: the sink's own); stored as `QueuedDelivery.template`.
    public var template: String?
    /// Deliveries with the same key are sent as one digest (a rule's `group_window`).
    public var groupKey: String?
    /// Not to be attempted before this time (the end of the group window; else the event's time).
    public var notBefore: Date

    /// Creates a planned delivery.
    public init(sink: String, rule: String, template: String? = nil, groupKey: String? = nil, notBefore: Date) {
        self.sink = sink
        self.rule = rule
        self.template = template
        self.groupKey = groupKey
        self.notBefore = notBefore
    }
}
