import Foundation

/// Which attempts `StateQueries.attempts(_:)` returns (newest first).
struct AttemptFilter: Sendable, Hashable {
    /// Only attempts of this delivery.
    var deliveryID: Int64?
    /// Only attempts of this event's deliveries.
    var eventID: String?
    /// Only attempts to this sink.
    var sink: String?
    /// Only attempts made at or after this time.
    var since: Date?
    /// At most this many attempts.
    var limit: Int

    /// Creates a filter; by default the 100 most recent attempts.
    init(
        deliveryID: Int64? = nil,
        eventID: String? = nil,
        sink: String? = nil,
        since: Date? = nil,
        limit: Int = 100
    ) {
        self.deliveryID = deliveryID
        self.eventID = eventID
        self.sink = sink
        self.since = since
        self.limit = limit
    }
}
