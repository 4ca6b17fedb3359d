import Foundation

/// What one sink's worker is doing at this moment, readable from anywhere without waiting for the worker: for a
/// stop that takes long ("still waiting for deliveries in flight: audit sending message 3f9c… for 25 s"), where an
/// operator, or the next person to read the log, needs to know which step is not ending.
public struct SinkActivity: Sendable, Equatable {
    /// A step of the worker's pass (`SinkWorker.deliverDue`).
    public enum Phase: String, Sendable, Equatable {
        /// Asleep until its next delivery is due, a wake-up, or cancellation.
        case idle
        /// Asking the queue what is due (or when the next delivery is).
        case reading = "reading the queue"
        /// Waiting for the sink's answer to a message.
        case sending
        /// Recording the answer in the queue.
        case recording = "recording the answer to"
    }

    /// The step.
    public var phase: Phase
    /// When it began (on the worker's scheduler).
    public var since: Date
    /// The message sent or recorded (`SinkMessage.id`), for `sending` and `recording`.
    public var message: String?

    /// An idle worker.
    public static let idle = SinkActivity(phase: .idle, since: .distantPast)

    /// Creates an activity.
    public init(phase: Phase, since: Date, message: String? = nil) {
        self.phase = phase
        self.since = since
        self.message = message
    }

    /// "sending message 3f9c2a1b0d4e for 25 s", as of `now`.
    public func describe(now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(since).rounded()))
        let subject = message.map { " message \($0.prefix(12))" } ?? ""
        return "\(phase.rawValue)\(subject) for \(seconds) s"
    }
}
