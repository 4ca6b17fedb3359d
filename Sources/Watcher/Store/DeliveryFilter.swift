/// Which deliveries `StateQueries.deliveries(_:)` returns (oldest first: queue order).
struct DeliveryFilter: Sendable, Hashable {
    /// Only deliveries to this sink.
    var sink: String?
    /// Only deliveries in these states; every state when empty.
    var states: Set<DeliveryState>
    /// Only deliveries of this event.
    var eventID: String?
    /// At most this many deliveries.
    var limit: Int
    /// Skip this many matching deliveries first (paging: the status page's API).
    var offset = 0

    /// Creates a filter; by default the first 100 deliveries still waiting (pending or failed).
    init(
        sink: String? = nil,
        states: Set<DeliveryState> = DeliveryState.undelivered,
        eventID: String? = nil,
        limit: Int = 100
    ) {
        self.sink = sink
        self.states = states
        self.eventID = eventID
        self.limit = limit
    }
}
