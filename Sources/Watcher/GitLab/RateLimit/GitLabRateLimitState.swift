import Foundation

/// What the client knows about a host's rate limit: whether GitLab asked it to hold off, and the last
/// `RateLimit-*` figures GitLab sent.
public struct GitLabRateLimitState: Sendable, Equatable, CustomStringConvertible {
    /// The host.
    public var host: String
    /// Until when every request to the host waits: set by a 429 (its `Retry-After`/`RateLimit-Reset`, else the
    /// backoff) or by `RateLimit-Remaining: 0`; `nil` when requests flow.
    public var throttledUntil: Date?
    /// `RateLimit-Name` of the last response that had one (`throttle_authenticated_api`).
    public var name: String?
    /// `RateLimit-Limit`: requests allowed in GitLab's period.
    public var limit: Int?
    /// `RateLimit-Remaining`: requests left in GitLab's period.
    public var remaining: Int?
    /// `RateLimit-Reset`: when GitLab's period restarts.
    public var resetAt: Date?
    /// How many 429 answers the host has sent so far.
    public var throttleCount: Int = 0

    /// Whether requests to the host are held back now.
    public var isThrottled: Bool { throttledUntil != nil }

    /// `gitlab.example.com: throttled until …` or `gitlab.example.com: 1990/2000 left`.
    public var description: String {
        var text = "\(host): "
        if let throttledUntil { text += "throttled until \(throttledUntil)" } else { text += "open" }
        if let remaining, let limit { text += ", \(remaining)/\(limit) left" }
        return text
    }
}
