import Foundation
import Notifier

/// When and how long the client waits before trying a request again.
///
/// Retried: 429 (any method: GitLab did not act on the request), and for `GET` only (repeating a `POST` may repeat
/// its effect) the transient errors python-gitlab's `retry_transient_errors` retries — 500 (GitLab answers a heavy
/// request with 500 when Gitaly times out, see GITLAB-API.md), 502, 503, 504 and 520–530 (a proxy in front of
/// GitLab) — and transport failures (timeouts, dropped or reset connections). Never retried: any other 4xx (the
/// same request would fail the same way).
///
/// The wait is GitLab's `Retry-After` (seconds or an HTTP date) when it sent one, else `RateLimit-Reset` (unix
/// seconds) on a 429, else exponential backoff with full jitter: a uniformly random wait in
/// `0 ..< min(maximumBackoff, initialBackoff × 2^attempt)`, which spreads out clients that failed together.
public struct GitLabRetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt (so `maximumRetries + 1` attempts in all).
    public var maximumRetries: Int
    /// The backoff ceiling of the first retry.
    public var initialBackoff: Duration
    /// The largest backoff ceiling.
    public var maximumBackoff: Duration
    /// The longest server-requested wait (`Retry-After`, `RateLimit-Reset`) the client sits out; a longer one
    /// fails at once with `GitLabError.rateLimited(retryAfter:)` so the caller can reschedule.
    public var maximumServerWait: Duration
    /// Statuses retried for `GET`.
    public var retryableStatuses: Set<Int>

    /// Creates a policy.
    ///
    /// The defaults follow python-gitlab and go-gitlab: up to 5 retries, 0.5 s doubling to 30 s.
    public init(
        maximumRetries: Int = 5,
        initialBackoff: Duration = .milliseconds(500),
        maximumBackoff: Duration = .seconds(30),
        maximumServerWait: Duration = .seconds(300),
        retryableStatuses: Set<Int> = GitLabRetryPolicy.transientStatuses
    ) {
        self.maximumRetries = maximumRetries
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.maximumServerWait = maximumServerWait
        self.retryableStatuses = retryableStatuses
    }

    /// 429 and the transient server errors: 500, 502, 503, 504 and 520–530 (python-gitlab's list).
    public static let transientStatuses: Set<Int> = Set([429, 500, 502, 503, 504]).union(520...530)

    /// No retries at all.
    public static let none = GitLabRetryPolicy(maximumRetries: 0)

    /// Whether a response with `status` to a `method` request may be retried.
    func retries(status: Int, method: String) -> Bool {
        guard retryableStatuses.contains(status) else { return false }
        return status == 429 || method == "GET"
    }

    /// The full-jitter backoff before retry number `attempt` (0 for the first retry).
    func backoff(attempt: Int, jitter: any RandomSource) -> Duration {
        let ceiling = initialBackoff * Double(1 << min(attempt, 30))
        let capped = min(ceiling, maximumBackoff)
        return capped * min(max(jitter.nextUnit(), 0), 1)
    }

    /// The wait GitLab asked for in `headers`, relative to `now`.
    ///
    /// `Retry-After` (delta-seconds or HTTP date), else — when `useReset` — `RateLimit-Reset` (unix seconds).
    ///
    /// `nil` when it asked for none.
    static func serverWait(in headers: GitLabHTTPHeaders, now: Date, useReset: Bool) -> Duration? {
        if let retryAfter = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Double(retryAfter), seconds >= 0 { return .seconds(seconds) }
            if let date = HTTPDate.parse(retryAfter) { return .seconds(max(0, date.timeIntervalSince(now))) }
        }
        if useReset, let reset = headers["RateLimit-Reset"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
        {
            return .seconds(max(0, reset - now.timeIntervalSince1970))
        }
        return nil
    }
}
