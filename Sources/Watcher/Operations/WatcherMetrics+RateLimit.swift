import RxCore

extension WatcherMetrics {
    /// Follows a host's rate limiter: counts each time GitLab makes the host wait (a 429, or
    /// `RateLimit-Remaining: 0`), shows whether it is waiting now, and the requests GitLab says are left.
    ///
    /// Dispose the result to stop following.
    func follow(_ limiter: GitLabRateLimiter) -> any Disposable {
        let host = limiter.host
        var wasThrottled = false  // only touched by the subscription, which delivers serially
        return limiter.state.subscribe(onNext: { [self] state in
            if state.isThrottled, !wasThrottled { rateLimitWaits(host).increment() }
            wasThrottled = state.isThrottled
            rateLimited(host).record(state.isThrottled ? 1 : 0)
            if let remaining = state.remaining { rateLimitRemaining(host).record(remaining) }
        })
    }
}
