import Foundation

/// One GitLab instance as the running engine sees it now, for the status page: its host lane's rate-limit pause and
/// GitLab's last `RateLimit-*` figures, whether its `InstanceMonitor` holds it down, and the last error any request
/// to it ended with (poll, discovery, change feed or probe; never a token: GitLab errors are scrubbed of every
/// secret the client holds before they are made).
///
/// Its fields, as named here, are the status API's instance object (`StatusAPI.Overview.Instance` adds `status`).
struct InstanceStatus: Encodable, Sendable, Equatable {
    /// The instance's name in the config (`gitlab:`).
    var name: String
    /// Its host (the lane's name: `gitlab.example.com`).
    var host: String
    /// Until when every poll of the host waits because GitLab rate-limited it (a 429, or `RateLimit-Remaining: 0`);
    /// `nil` when requests flow.
    var pausedUntil: Date?
    /// `RateLimit-Remaining` of GitLab's last answer that had one.
    var rateLimitRemaining: Int?
    /// `RateLimit-Limit` of that answer.
    var rateLimitLimit: Int?
    /// `RateLimit-Reset`: when GitLab's period restarts.
    var rateLimitResetAt: Date?
    /// 429 answers since glwatch started.
    var throttled: Int
    /// Since when the instance is down (its `InstanceMonitor` confirmed an outage); `nil` while it is up.
    var downSince: Date?
    /// When the next probe of a down instance is due.
    var nextProbeAt: Date?
    /// The last error a request to the instance ended with, and when.
    var lastError: String?
    /// When that was.
    var lastErrorAt: Date?
}
