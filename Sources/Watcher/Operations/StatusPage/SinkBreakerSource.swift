import Notifier

/// The running delivery side's circuit breakers, read by the status page: each sink's state as of its last change,
/// answered at once (`WatcherRuntime` asks the delivery service in force; a reload replaces it).
protocol SinkBreakerSource: Sendable {
    /// Each sink's breaker by sink name; empty while the delivery side is stopped (shutting down, reloading).
    func breakerStates() -> [String: CircuitBreaker.State]
}
