import Foundation

extension StatusAPI.Overview {
    /// One GitLab instance in `GET /api/v1/overview`'s `instances`.
    ///
    /// ```json
    /// {"name": "work", "host": "gitlab.example.com", "status": "rate-limited",
    ///  "pausedUntil": "2026-05-01T08:01:00.000Z", "rateLimitRemaining": 0, "rateLimitLimit": 2000,
    ///  "rateLimitResetAt": "2026-05-01T08:01:00.000Z", "throttled": 3,
    ///  "lastError": "gitlab.example.com: rate limited on …", "lastErrorAt": "2026-05-01T07:59:58.000Z"}
    /// ```
    struct Instance: Encodable, Sendable, Equatable {
        /// The instance's name in the config.
        var name: String
        /// Its host.
        var host: String
        /// `down` (its instance monitor confirmed an outage: the pipelines wait for a probe to answer),
        /// `rate-limited` (GitLab made the host wait: a 429 or `RateLimit-Remaining: 0`) or `ok`.
        var status: String
        /// Until when the host's polls wait for GitLab's rate limit.
        var pausedUntil: Date?
        /// `RateLimit-Remaining` of GitLab's last answer that had one: requests left in GitLab's period.
        var rateLimitRemaining: Int?
        /// `RateLimit-Limit` of that answer.
        var rateLimitLimit: Int?
        /// `RateLimit-Reset`: when GitLab's period restarts.
        var rateLimitResetAt: Date?
        /// 429 answers since this glwatch started.
        var throttled: Int
        /// Since when the instance is down.
        var downSince: Date?
        /// When the next probe of a down instance is due.
        var nextProbeAt: Date?
        /// The last error a request to the instance ended with (poll, discovery, change feed or probe). GitLab's
        /// errors are scrubbed of every token the client holds before they are made, so none can appear here.
        var lastError: String?
        /// When that was.
        var lastErrorAt: Date?

        /// The engine's view of the instance at `now`.
        init(_ instance: InstanceStatus, now: Date) {
            name = instance.name
            host = instance.host
            if instance.downSince != nil {
                status = "down"
            } else {
                status = instance.pausedUntil.map { $0 > now } == true ? "rate-limited" : "ok"
            }
            pausedUntil = instance.pausedUntil
            rateLimitRemaining = instance.remaining
            rateLimitLimit = instance.limit
            rateLimitResetAt = instance.resetAt
            throttled = instance.throttled
            downSince = instance.downSince
            nextProbeAt = instance.nextProbeAt
            lastError = instance.lastError
            lastErrorAt = instance.lastErrorAt
        }
    }
}
