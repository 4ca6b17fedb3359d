import Foundation

/// Which attempts `StateQueries.attempts(_:)` returns (newest first); by default the 100 most recent.
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
    var limit = 100
}
