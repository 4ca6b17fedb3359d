import Foundation

/// What one pass of a sink's worker over its due deliveries did.
public struct DeliveryPass: Sendable, Hashable {
    /// The sink.
    public var sink: String
    /// Deliveries sent successfully.
    public var delivered = 0
    /// Deliveries that failed and will be retried.
    public var retried = 0
    /// Deliveries that failed permanently (now dead letters).
    public var dead = 0
    /// When the worker should look again (`nil`: nothing pending).
    public var nextWake: Date?
    /// Why the pass stopped early, if it did: `circuit open`, `rate limited`, or a queue error.
    public var pausedBecause: String?

    /// Creates an empty pass record.
    public init(sink: String) {
        self.sink = sink
    }

    /// Whether anything failed in this pass.
    public var hadFailures: Bool { retried > 0 || dead > 0 }
}
