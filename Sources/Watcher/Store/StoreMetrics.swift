import Foundation

/// Counts for `/metrics` and `glwatch status`.
struct StoreMetrics: Sendable, Hashable {
    /// Deliveries waiting (pending or failed), per sink.
    var queueDepth: [String: Int] = [:]
    /// Dead letters, per sink.
    var deadLetters: [String: Int] = [:]
    /// When the oldest waiting delivery of each sink was queued (how far behind the sink is).
    var oldestWaiting: [String: Date] = [:]
    /// Stored events, per event type.
    var eventsByType: [String: Int] = [:]
    /// Watched projects, per status.
    var projectsByStatus: [ProjectStatus: Int] = [:]
}
