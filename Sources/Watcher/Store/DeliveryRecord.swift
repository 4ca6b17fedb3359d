import Foundation

/// One delivery as `glwatch deliveries` shows it.
struct DeliveryRecord: Sendable, Hashable {
    /// The delivery's id (what `DeliveryQueue.record(_:forDelivery:)` and re-queueing take).
    var id: Int64
    /// The event's stable id.
    var eventID: String
    /// The event's type.
    var eventType: String
    /// The project (or other ordering key) of the event.
    var projectKey: String
    /// The sink's name.
    var sink: String
    /// The digest group, if any.
    var groupKey: String?
    /// Where the delivery stands.
    var state: DeliveryState
    /// Attempts made so far (since the last re-queue).
    var attempts: Int
    /// When the next attempt is due (pending or failed deliveries).
    var nextAttemptAt: Date
    /// The last failure's reason (for dead letters: why it died).
    var lastError: String?
    /// The last HTTP status the sink answered with.
    var lastHTTPStatus: Int?
    /// When the sink acknowledged it.
    var deliveredAt: Date?
    /// When it became a dead letter.
    var deadAt: Date?
    /// When it was queued.
    var createdAt: Date
}
