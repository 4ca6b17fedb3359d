import Foundation
import RxCore
import Synchronization

/// Paces every request to one GitLab host and holds them all back together while GitLab rate-limits it.
///
/// Two mechanisms, one gate (`acquire()`):
/// - a client-side token bucket of `requestsPerMinute` with bursts of `burst`, so a large watch list stays
///   under GitLab's limits instead of discovering them (gitlab.com allows 2,000 requests/min per user;
///   self-managed instances set their own). Waiters are served in arrival order.
/// - GitLab's own signal: after a 429 (or `RateLimit-Remaining: 0`) every request to the host waits until the
///   time GitLab named. `state` publishes this, so the watch engine can back off every pipeline on the host.
///
/// Share one limiter among everything that talks to a host (pass it to each `GitLabClient` of that host). All
/// waits go through the injected scheduler.
public final class GitLabRateLimiter: Sendable {
    /// The client-side pace.
    public struct Pace: Sendable, Equatable {
        /// Sustained requests per minute.
        public var requestsPerMinute: Int
        /// Requests allowed back to back before pacing starts.
        public var burst: Int

        /// Creates a pace; `burst` is at least 1.
        public init(requestsPerMinute: Int, burst: Int = 10) {
            self.requestsPerMinute = max(1, requestsPerMinute)
            self.burst = max(1, burst)
        }
    }

    private struct Bucket {
        var tokens: Double
        var updatedAt: Date
    }

    private struct Shared {
        var bucket: Bucket?
        var state: GitLabRateLimitState
        var releaseTimer: (any Disposable)?
    }

    /// The host this limiter paces.
    public let host: String
    /// The client-side pace, or `nil` for none (GitLab's signals are still obeyed).
    public let pace: Pace?
    private let clock: SchedulerClock
    private let shared: Mutex<Shared>
    private let subject: BehaviorSubject<GitLabRateLimitState>

    /// Creates a limiter for `host`.
    ///
    /// - parameter pace: The client-side pace; `nil` sends as fast as GitLab allows.
    /// - parameter scheduler: The scheduler every wait is scheduled on (and whose clock is `now`).
    public init(host: String, pace: Pace?, scheduler: any SchedulerType) {
        self.host = host
        self.pace = pace
        self.clock = SchedulerClock(scheduler: scheduler)
        let initial = GitLabRateLimitState(host: host)
        let bucket = pace.map { Bucket(tokens: Double($0.burst), updatedAt: scheduler.now) }
        self.shared = Mutex(Shared(bucket: bucket, state: initial))
        self.subject = BehaviorSubject(value: initial)
    }

    /// The host's rate-limit state now, then every change (throttled, released, new `RateLimit-*` figures).
    public var state: Observable<GitLabRateLimitState> { subject.asObservable() }

    /// The host's rate-limit state now.
    public var currentState: GitLabRateLimitState { shared.withLock { $0.state } }

    /// Why `acquire` did not wait.
    enum Refusal: Error {
        /// GitLab throttles the host for longer than the caller is willing to wait.
        case throttled(remaining: Duration)
        /// The waiting task was cancelled.
        case cancelled
    }

    /// Waits until a request to the host may be sent: past any GitLab throttle, then for a token.
    ///
    /// - parameter maximumThrottleWait: A GitLab throttle lasting longer than this is not sat out: the call fails at
    ///   once with `.throttled`, so callers can reschedule instead of hanging (the throttle stays in force).
    func acquire(maximumThrottleWait: Duration = .seconds(Int64.max)) async throws(Refusal) {
        while true {
            let now = clock.now
            let decision = shared.withLock { shared -> (wait: Duration, reserved: Bool) in
                if let until = shared.state.throttledUntil, until > now {
                    return (.seconds(until.timeIntervalSince(now)), false)
                }
                guard let pace, var bucket = shared.bucket else { return (.zero, true) }
                let rate = Double(pace.requestsPerMinute) / 60
                bucket.tokens = min(Double(pace.burst), bucket.tokens + now.timeIntervalSince(bucket.updatedAt) * rate)
                bucket.updatedAt = now
                bucket.tokens -= 1
                shared.bucket = bucket
                return (bucket.tokens >= 0 ? .zero : .seconds(-bucket.tokens / rate), true)
            }
            if !decision.reserved, decision.wait > maximumThrottleWait { throw .throttled(remaining: decision.wait) }
            do {
                try await clock.sleep(for: decision.wait)
            } catch {
                if decision.reserved { refund() }
                throw .cancelled
            }
            if decision.reserved { return }
        }
    }

    /// Records the `RateLimit-*` headers of a response; `RateLimit-Remaining: 0` holds requests back until
    /// `RateLimit-Reset`.
    func record(_ headers: GitLabHTTPHeaders) {
        let now = clock.now
        let limit = headers["RateLimit-Limit"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let remaining = headers["RateLimit-Remaining"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let reset = headers["RateLimit-Reset"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard limit != nil || remaining != nil || reset != nil else { return }
        update { state in
            state.name = headers["RateLimit-Name"] ?? state.name
            state.limit = limit ?? state.limit
            state.remaining = remaining ?? state.remaining
            state.resetAt = reset.map { Date(timeIntervalSince1970: $0) } ?? state.resetAt
            if remaining == 0, let resetAt = state.resetAt, resetAt > now {
                state.throttledUntil = max(state.throttledUntil ?? resetAt, resetAt)
            }
        }
    }

    /// Holds every request to the host back until `date` (GitLab answered 429).
    func throttle(until date: Date) {
        update { state in
            state.throttleCount += 1
            state.throttledUntil = max(state.throttledUntil ?? date, date)
        }
    }

    private func refund() {
        shared.withLock { shared in
            if let pace, shared.bucket != nil {
                shared.bucket!.tokens = min(Double(pace.burst), shared.bucket!.tokens + 1)
            }
        }
    }

    /// Applies `change` to the state, publishes it when it changed, and (re)arms the timer that releases a
    /// throttle when its time comes.
    private func update(_ change: (inout GitLabRateLimitState) -> Void) {
        let (changed, state, oldTimer, releaseAt) = shared.withLock {
            shared -> (Bool, GitLabRateLimitState, (any Disposable)?, Date?) in
            let before = shared.state
            change(&shared.state)
            guard shared.state != before else { return (false, before, nil, nil) }
            let rearm = shared.state.throttledUntil != before.throttledUntil
            let oldTimer = rearm ? shared.releaseTimer : nil
            if rearm { shared.releaseTimer = nil }
            return (true, shared.state, oldTimer, rearm ? shared.state.throttledUntil : nil)
        }
        oldTimer?.dispose()
        guard changed else { return }
        subject.onNext(state)
        if let releaseAt {
            let delay = SchedulerClock.interval(.seconds(max(0, releaseAt.timeIntervalSince(clock.now))))
            let timer = clock.scheduler.scheduleRelative((), dueTime: delay) { [weak self] _ in
                self?.releaseIfDue()
                return Disposables.create()
            }
            shared.withLock { $0.releaseTimer = timer }
        }
    }

    private func releaseIfDue() {
        let now = clock.now
        let released = shared.withLock { shared -> GitLabRateLimitState? in
            guard let until = shared.state.throttledUntil, until <= now else { return nil }
            shared.state.throttledUntil = nil
            shared.releaseTimer = nil
            return shared.state
        }
        if let released { subject.onNext(released) }
    }
}
