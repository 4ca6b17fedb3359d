import Foundation
import Notifier

/// The GitLab client's retries use glwatch's one retry policy type, `RetryPolicy`, with GitLab's rules.
///
/// Retried: 429 (any method: GitLab did not act on the request), and for `GET` only (repeating a `POST` may repeat
/// its effect) the transient errors python-gitlab's `retry_transient_errors` retries — 500 (GitLab answers a heavy
/// request with 500 when Gitaly times out, see docs/gitlab-api.md), 502, 503, 504 and 520–530 (a proxy in front of
/// GitLab) — and transport failures (timeouts, dropped or reset connections). Never retried: any other 4xx (the
/// same request would fail the same way).
///
/// The wait is GitLab's `Retry-After` (seconds or an HTTP date) when it sent one, else `RateLimit-Reset` (unix
/// seconds) on a 429, else exponential backoff with full jitter: a uniformly random wait in
/// `0 ..< min(maximumBackoff, initialBackoff × 2^attempt)`, which spreads out clients that failed together.
extension RetryPolicy {
    /// The policy of GitLab requests.
    ///
    /// The defaults follow python-gitlab and go-gitlab: up to 5 retries, 0.5 s doubling to 30 s, full jitter.
    /// - Parameter maximumServerWait: The longest server-requested wait (`Retry-After`, `RateLimit-Reset`) the
    ///   client sits out; a longer one fails at once with `GitLabError.rateLimited(retryAfter:)` so the caller can
    ///   reschedule.
    public static func gitLab(
        maximumRetries: Int = 5,
        initialBackoff: Duration = .milliseconds(500),
        maximumBackoff: Duration = .seconds(30),
        maximumServerWait: Duration = .seconds(300)
    ) -> RetryPolicy {
        RetryPolicy(
            initialDelay: seconds(initialBackoff),
            maxDelay: seconds(maximumBackoff),
            multiplier: 2,
            jitter: 1,
            giveUpAfter: nil,
            maxRetryAfter: seconds(maximumServerWait),
            maximumRetries: maximumRetries
        )
    }

    /// 429 and the transient server errors: 500, 502, 503, 504 and 520–530 (python-gitlab's list).
    public static let transientStatuses: Set<Int> = Set([429, 500, 502, 503, 504]).union(520...530)

    /// The longest server-requested wait a GitLab request sits out.
    var maximumServerWait: Duration { .seconds(maxRetryAfter) }

    /// Whether a response with `status` to a `method` request may be retried.
    func retries(status: Int, method: String) -> Bool {
        guard Self.transientStatuses.contains(status) else { return false }
        return status == 429 || method == "GET"
    }

    /// The jittered backoff before retry number `attempt` (0 for the first retry), `jitter` choosing where in
    /// `0 ..< ceiling` it falls (never below a millisecond).
    func backoff(attempt: Int, jitter: any RandomSource) -> Duration {
        let fraction = min(max(jitter.nextUnit(), 0), 1)
        return .seconds(backoff(afterAttempts: attempt + 1, random: 1 - fraction))
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

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
