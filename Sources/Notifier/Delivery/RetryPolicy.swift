import Foundation

/// When to try again: exponential backoff with jitter, `Retry-After` honoured, and a bound.
///
/// glwatch's one retry policy type. Deliveries are bounded by time (`giveUpAfter`: a delivery that still fails
/// goes to the dead letters, from where it can be retried by hand); GitLab requests by count (`maximumRetries`,
/// see `RetryPolicy.gitLab(…)` in the watcher, with full jitter: `jitter` 1).
public struct RetryPolicy: Sendable, Hashable {
    /// The wait after the first failed attempt.
    public var initialDelay: TimeInterval
    /// The longest wait between attempts.
    public var maxDelay: TimeInterval
    /// How much each wait grows.
    public var multiplier: Double
    /// Up to this fraction is taken off each wait at random, so retries of many deliveries spread out.
    public var jitter: Double
    /// A delivery still failing this long after its event was recorded is dead; `nil`: retry forever.
    public var giveUpAfter: TimeInterval?
    /// The longest `Retry-After` honoured as given (a delivery cuts a longer one to this; a GitLab request fails
    /// at once, so its caller can reschedule).
    public var maxRetryAfter: TimeInterval
    /// Retries after the first attempt (so `maximumRetries + 1` attempts in all); `nil`: bounded by time only.
    public var maximumRetries: Int?

    /// Creates a policy.
    ///
    /// The defaults retry after 5 s, 10 s, 20 s … up to every 10 minutes, for 24 hours.
    public init(
        initialDelay: TimeInterval = 5,
        maxDelay: TimeInterval = 600,
        multiplier: Double = 2,
        jitter: Double = 0.2,
        giveUpAfter: TimeInterval? = 86_400,
        maxRetryAfter: TimeInterval = 3_600,
        maximumRetries: Int? = nil
    ) {
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.multiplier = multiplier
        self.jitter = jitter
        self.giveUpAfter = giveUpAfter
        self.maxRetryAfter = maxRetryAfter
        self.maximumRetries = maximumRetries
    }

    /// Whether another attempt may follow after `retries` retries were made already.
    public func allowsRetry(after retries: Int) -> Bool {
        maximumRetries.map { retries < $0 } ?? true
    }

    /// The wait after `attempts` failed attempts (1 for the first), with `random` in `0..<1` choosing the jitter.
    public func backoff(afterAttempts attempts: Int, random: Double) -> TimeInterval {
        let exponent = Double(max(attempts, 1) - 1)
        let base = min(maxDelay, initialDelay * pow(multiplier, min(exponent, 64)))
        return max(0.001, base * (1 - jitter * min(max(random, 0), 1)))
    }

    /// The wait before the next attempt: the service's `Retry-After` (capped) if it sent one, else the backoff.
    public func delay(
        afterAttempts attempts: Int,
        retryAfter: RetryAfter?,
        now: Date,
        random: Double
    )
        -> TimeInterval
    {
        if let retryAfter { return min(retryAfter.delay(from: now), maxRetryAfter) }
        return backoff(afterAttempts: attempts, random: random)
    }
}
