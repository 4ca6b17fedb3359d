import Foundation
import Notifier

extension StatusReport {
    /// A sink's circuit breaker (`CircuitBreaker.State`), as the status page's API shows it.
    ///
    /// ```json
    /// {"state": "open", "openUntil": "2026-05-01T08:00:30.000Z", "cooldownSeconds": 30}
    /// ```
    struct Breaker: Codable, Sendable, Equatable {
        /// `closed` (deliveries go out), `open` (none are attempted until `openUntil`) or `half-open` (one trial
        /// attempt is under way; it closes the breaker or opens it for twice as long).
        var state: String
        /// Closed: retryable failures in a row so far (the breaker opens at the sink's `circuit_breaker.failures`).
        var failures: Int?
        /// Open: when the next trial attempt may go (it may be past: the trial waits for a due delivery).
        var openUntil: Date?
        /// Open or half-open: the current cool-down, in seconds.
        var cooldownSeconds: Double?

        /// The state's report.
        init(_ state: CircuitBreaker.State) {
            switch state {
            case .closed(let failures):
                self.state = "closed"
                self.failures = failures
            case .open(let until, let cooldown):
                self.state = "open"
                openUntil = until
                cooldownSeconds = cooldown
            case .halfOpen(let cooldown):
                self.state = "half-open"
                cooldownSeconds = cooldown
            }
        }
    }
}
