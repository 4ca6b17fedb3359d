import Foundation
import Notifier

/// One delivery attempt from the history (`glwatch deliveries history`).
struct AttemptRecord: Sendable, Hashable {
    /// The attempt's id (history order).
    var id: Int64
    /// The delivery it belongs to.
    var deliveryID: Int64
    /// The event's stable id.
    var eventID: String
    /// The sink's name.
    var sink: String
    /// When, what came of it, the HTTP status and the error, exactly as the notifier recorded them.
    var attempt: DeliveryAttempt
}
