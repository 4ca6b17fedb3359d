/// Which deliveries `StateQueries.deliveries(_:)` returns (oldest first: queue order); by default the first 100
/// deliveries still waiting (pending or failed).
struct DeliveryFilter: Sendable, Hashable {
    /// Only deliveries to this sink.
    var sink: String?
    /// Only deliveries in these states; every state when empty.
    var states: Set<DeliveryState> = DeliveryState.undelivered
    /// Only deliveries of this event.
    var eventID: String?
    /// At most this many deliveries.
    var limit = 100
    /// Skip this many matching deliveries first (paging: the status page's API).
    var offset = 0
}
