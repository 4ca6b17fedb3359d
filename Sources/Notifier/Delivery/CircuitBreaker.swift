import Foundation

/// Stops hammering a sink that keeps failing: after `failureThreshold` retryable failures in a row the
/// breaker opens and no attempt is made (nothing is recorded, deliveries just wait) until the cool-down
/// has passed; then one trial attempt decides: success closes it, failure opens it for twice as long.
public struct CircuitBreaker: Sendable, Hashable {
    /// The breaker's settings.
    public struct Policy: Sendable, Hashable {
        /// Retryable failures in a row that open the breaker.
        public var failureThreshold: Int
        /// The first cool-down.
        public var openDuration: TimeInterval
        /// The longest cool-down.
        public var maxOpenDuration: TimeInterval

        /// Creates a policy.
        ///
        /// The defaults open after 5 failures, for 30 s doubling up to 10 minutes.
        public init(failureThreshold: Int = 5, openDuration: TimeInterval = 30, maxOpenDuration: TimeInterval = 600) {
            self.failureThreshold = failureThreshold
            self.openDuration = openDuration
            self.maxOpenDuration = maxOpenDuration
        }
    }

    /// Where the breaker stands.
    public enum State: Sendable, Hashable {
        /// Attempts go ahead; `failures` in a row so far.
        case closed(failures: Int)
        /// No attempts until `until`.
        case open(until: Date, cooldown: TimeInterval)
        /// One trial attempt is under way.
        case halfOpen(cooldown: TimeInterval)
    }

    /// The settings.
    public let policy: Policy
    /// The current state.
    public private(set) var state: State = .closed(failures: 0)

    /// Creates a closed breaker.
    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    /// Whether an attempt may be made at `now`; an open breaker whose cool-down has passed lets one through.
    public mutating func allowsAttempt(at now: Date) -> Bool {
        switch state {
        case .closed: return true
        case .halfOpen: return false
        case .open(let until, let cooldown):
            guard now >= until else { return false }
            state = .halfOpen(cooldown: cooldown)
            return true
        }
    }

    /// When an open breaker lets the next attempt through.
    public var reopensAt: Date? {
        if case .open(let until, _) = state { return until }
        return nil
    }

    /// Records a successful attempt (or one the service answered with a permanent error: it is up).
    public mutating func recordSuccess() {
        state = .closed(failures: 0)
    }

    /// Records a retryable failure at `now`.
    public mutating func recordFailure(at now: Date) {
        switch state {
        case .closed(let failures):
            if failures + 1 >= policy.failureThreshold {
                state = .open(until: now.addingTimeInterval(policy.openDuration), cooldown: policy.openDuration)
            } else {
                state = .closed(failures: failures + 1)
            }
        case .halfOpen(let cooldown), .open(_, let cooldown):
            let next = min(cooldown * 2, policy.maxOpenDuration)
            state = .open(until: now.addingTimeInterval(next), cooldown: next)
        }
    }
}
