import Foundation

/// Rack::Attack-style throttling in the fake.
///
/// `limit` requests per `period` per caller (token, or anonymous), in fixed windows.
///
/// Every answer carries `RateLimit-*` headers; an answer over the limit is GitLab's 429 with a plain-text `Retry later`
/// body, `Retry-After` and `RateLimit-ResetTime`.
public struct FakeRateLimit: Sendable {
    /// Requests allowed per window.
    public var limit: Int
    /// The window length in seconds (GitLab: 60).
    public var period: TimeInterval
    /// `RateLimit-Name`.
    public var name: String
    /// Whether 429s carry `Retry-After` (some of GitLab's don't).
    public var sendsRetryAfter: Bool
    /// Whether answers carry `RateLimit-Limit`, `-Observed`, `-Remaining` and `-Reset`.
    public var sendsRateLimitHeaders: Bool

    /// Creates a throttle.
    public init(
        limit: Int,
        period: TimeInterval = 60,
        name: String = "throttle_authenticated_api",
        sendsRetryAfter: Bool = true,
        sendsRateLimitHeaders: Bool = true
    ) {
        self.limit = limit
        self.period = period
        self.name = name
        self.sendsRetryAfter = sendsRetryAfter
        self.sendsRateLimitHeaders = sendsRateLimitHeaders
    }
}
