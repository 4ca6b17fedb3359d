import Foundation

/// An event as the outbox stores it: a stable id, routing metadata and the event's JSON payload.
///
/// The notifier never sees how events are stored; the watcher's SQLite store (or any other backend)
/// hands them over in this shape.
public struct OutboxEvent: Sendable, Hashable, Codable {
    /// Stable id derived from the event's content: the same change always yields the same id.
    public var id: String
    /// The event type, e.g. `commits.new`, `contributor.new`, `branch.force_pushed`.
    public var type: String
    /// Identifies the project the event is about (ordering is per sink and project), e.g. `gitlab.com/278964`.
    public var projectKey: String
    /// The branch the event is about, when it is about one.
    public var branch: String?
    /// The event itself, JSON-encoded.
    public var payload: Data
    /// When glwatch recorded the event.
    public var createdAt: Date

    /// Creates an outbox event.
    public init(id: String, type: String, projectKey: String, branch: String?, payload: Data, createdAt: Date) {
        self.id = id
        self.type = type
        self.projectKey = projectKey
        self.branch = branch
        self.payload = payload
        self.createdAt = createdAt
    }
}

/// One event waiting to be delivered to one sink.
public struct QueuedDelivery: Sendable, Hashable {
    /// The delivery's row id in the queue.
    public var id: Int64
    /// The sink's configured name.
    public var sink: String
    /// The event to deliver.
    public var event: OutboxEvent
    /// Attempts made so far.
    public var attempts: Int
    /// Deliveries of one sink sharing a group key are sent together as one digest (a rule's `group_window`).
    public var groupKey: String?
    /// The name of the template the routing rule chose (`PlannedDelivery.template`); `nil` for the sink's own.
    public var template: String?

    /// Creates a queued delivery.
    public init(id: Int64, sink: String, event: OutboxEvent, attempts: Int, groupKey: String?,
                template: String? = nil) {
        self.id = id
        self.sink = sink
        self.event = event
        self.attempts = attempts
        self.groupKey = groupKey
        self.template = template
    }
}

/// What one delivery attempt came to, recorded in the queue's history.
public struct DeliveryAttempt: Sendable, Hashable {
    /// What happens to the delivery after this attempt.
    public enum Outcome: Sendable, Hashable {
        /// The sink acknowledged the message; the delivery is done.
        case delivered
        /// The attempt failed and will be retried no earlier than the given time.
        case retry(at: Date)
        /// The attempt failed permanently; the delivery moves to the dead letters.
        case dead
    }

    /// When the attempt was made.
    public var at: Date
    /// The consequence for the delivery.
    public var outcome: Outcome
    /// The HTTP status the sink answered with, if it answered.
    public var httpStatus: Int?
    /// A human-readable reason for a failure (never containing a secret).
    public var error: String?

    /// Creates an attempt record.
    public init(at: Date, outcome: Outcome, httpStatus: Int? = nil, error: String? = nil) {
        self.at = at
        self.outcome = outcome
        self.httpStatus = httpStatus
        self.error = error
    }
}

/// The queue of pending deliveries, as the notifier needs it. The watcher's state store implements it.
///
/// Deliveries are created by the store in the same transaction as their events, so the queue never holds a
/// delivery without its event or the other way round.
public protocol DeliveryQueue: Sendable {
    /// The deliveries of `sink` that may be attempted at `now`, oldest first, at most `limit`.
    ///
    /// Order is kept per sink and project: for each project only its oldest undelivered (pending) delivery
    /// is eligible, and only once its next-attempt time has come, so a message never overtakes an earlier
    /// one for the same project. Deliveries sharing a group key are returned together once the oldest is due.
    func nextDue(sink: String, now: Date, limit: Int) async throws -> [QueuedDelivery]

    /// Records an attempt and applies its outcome (delivered, retry at a time, or dead) in one transaction.
    func record(_ attempt: DeliveryAttempt, forDelivery id: Int64) async throws

    /// The earliest time a pending delivery of `sink` becomes due, or `nil` when nothing is pending.
    func nextDueDate(sink: String) async throws -> Date?
}
