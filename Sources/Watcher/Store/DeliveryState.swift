/// Where one delivery (one event to one sink) stands.
enum DeliveryState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Queued, not attempted yet.
    case pending
    /// Attempted and failed; retried at its next-attempt time.
    case failed
    /// Acknowledged by the sink.
    case delivered
    /// Failed permanently (or gave up); kept as a dead letter until re-queued.
    case dead

    /// The states still waiting to be delivered.
    static let undelivered: Set<DeliveryState> = [.pending, .failed]
}
