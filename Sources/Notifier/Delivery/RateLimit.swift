import Foundation

/// A sink's sending rate: a token bucket of `burst` messages refilled at `messages` per `interval`, paused
/// entirely while a service's `429 Retry-After` lasts.
public struct RateLimit: Sendable, Hashable {
    /// Messages per interval.
    public var messages: Double
    /// The interval, in seconds.
    public var interval: TimeInterval
    /// Messages that may go at once after a quiet spell.
    public var burst: Int

    /// Creates a limit of `messages` per `interval` seconds with a burst of `burst`.
    public init(messages: Double, per interval: TimeInterval, burst: Int = 1) {
        self.messages = messages
        self.interval = interval
        self.burst = max(1, burst)
    }

    /// Seconds between two messages at the steady rate.
    public var spacing: TimeInterval { interval / messages }
}

/// The state of a rate limit for one sink.
struct TokenBucket: Sendable {
    let limit: RateLimit?
    private var tokens: Double
    private var updatedAt: Date?
    private var pausedUntil: Date?

    init(limit: RateLimit?) {
        self.limit = limit
        self.tokens = Double(limit?.burst ?? 1)
    }

    /// Takes a token at `now`; returns `nil` when one was taken, else when the next one is available.
    mutating func take(at now: Date) -> Date? {
        if let pausedUntil, now < pausedUntil { return pausedUntil }
        pausedUntil = nil
        guard let limit else { return nil }
        if let updatedAt {
            tokens = min(Double(limit.burst), tokens + now.timeIntervalSince(updatedAt) / limit.spacing)
        }
        updatedAt = now
        if tokens >= 1 - 1e-9 {
            tokens -= 1
            return nil
        }
        return now.addingTimeInterval((1 - tokens) * limit.spacing)
    }

    /// Sends nothing before `date` (a service said so with `429` and `Retry-After`).
    mutating func pause(until date: Date) {
        pausedUntil = max(pausedUntil ?? date, date)
    }
}
