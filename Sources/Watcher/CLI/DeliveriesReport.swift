import Foundation
import Notifier

/// What `glwatch deliveries` lists, and the shape of its `--json` output (version 1, fields only ever added):
/// `{"version": 1, "deliveries": [...]}`, or with `--attempts`, `{"version": 1, "attempts": [...]}`.
struct DeliveriesReport: Encodable, Sendable {
    /// One delivery (one event to one sink).
    struct Delivery: Encodable, Sendable {
        /// The delivery id (what `--retry` takes).
        var id: Int64
        /// The event's id.
        var eventID: String
        /// The event's type.
        var eventType: String
        /// The event's project key.
        var projectKey: String
        /// The sink.
        var sink: String
        /// The rule that chose the sink (absent for a replay).
        var rule: String?
        /// `pending`, `failed`, `delivered` or `dead`.
        var state: String
        /// Attempts since it was last queued.
        var attempts: Int
        /// When the next attempt is due (waiting deliveries).
        var nextAttemptAt: Date?
        /// The last failure's reason.
        var lastError: String?
        /// The last HTTP status.
        var lastHTTPStatus: Int?
        /// When it was delivered.
        var deliveredAt: Date?
        /// When it became a dead letter.
        var deadAt: Date?
        /// When it was queued.
        var createdAt: Date

        init(_ record: DeliveryRecord) {
            id = record.id
            eventID = record.eventID
            eventType = record.eventType
            projectKey = record.projectKey
            sink = record.sink
            rule = record.rule
            state = record.state.rawValue
            attempts = record.attempts
            nextAttemptAt = DeliveryState.undelivered.contains(record.state) ? record.nextAttemptAt : nil
            lastError = record.lastError
            lastHTTPStatus = record.lastHTTPStatus
            deliveredAt = record.deliveredAt
            deadAt = record.deadAt
            createdAt = record.createdAt
        }
    }

    /// One attempt from the history.
    struct Attempt: Encodable, Sendable {
        /// The attempt's id.
        var id: Int64
        /// Its delivery.
        var deliveryID: Int64
        /// The event's id.
        var eventID: String
        /// The sink.
        var sink: String
        /// When it was made.
        var at: Date
        /// `delivered`, `retry` or `dead`.
        var outcome: String
        /// When the retry was scheduled (outcome `retry`).
        var retryAt: Date?
        /// The HTTP status the sink answered with.
        var httpStatus: Int?
        /// Why it failed.
        var error: String?

        init(_ record: AttemptRecord) {
            id = record.id
            deliveryID = record.deliveryID
            eventID = record.eventID
            sink = record.sink
            at = record.attempt.at
            switch record.attempt.outcome {
            case .delivered: outcome = "delivered"
            case .retry(let date):
                outcome = "retry"
                retryAt = date
            case .dead: outcome = "dead"
            }
            httpStatus = record.attempt.httpStatus
            error = record.attempt.error
        }
    }

    /// The shape's version.
    var version = 1
    /// The deliveries, in queue order (when listing deliveries).
    var deliveries: [Delivery]?
    /// The attempts, newest first (with `--attempts`).
    var attempts: [Attempt]?
}
