/// The events one message carries: one event, or the events of a `group_window` digest.
public struct DeliveryBatch: Sendable {
    /// The message id: the event's id, or a digest id derived from the members' ids.
    public var id: String
    /// The events, oldest first.
    public var events: [WatchEvent]
    /// A rule's template overriding the sink's own.
    public var template: MessageTemplate?

    /// Creates a batch; its id is derived from the events.
    public init(events: [WatchEvent], template: MessageTemplate? = nil) {
        self.id = events.count == 1 ? events[0].id : EventID.digest(of: events.map(\.id))
        self.events = events
        self.template = template
    }
}
