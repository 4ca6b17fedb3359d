import Foundation
import MetricsTestKit
import RxCoreTest
import Testing

@testable import Watcher

@Suite("WatcherMetrics+RateLimit")
struct WatcherMetricsRateLimitTests {
    @Test("each throttle of a host is counted once, the gauge follows it until it is released")
    func testFollow_throttleAndRelease() throws {
        // Given metrics following a host's limiter in virtual time
        let recorder = TestMetrics()
        let metrics = WatcherMetrics(factory: recorder)
        let scheduler = TestScheduler(initialClock: 0)
        let limiter = GitLabRateLimiter(host: "gitlab.com", pace: nil, scheduler: scheduler)
        let subscription = metrics.follow(limiter)
        defer { subscription.dispose() }
        let throttled = { try recorder.expectGauge("glwatch_gitlab_rate_limited", [("host", "gitlab.com")]).lastValue }
        let waits = {
            try recorder.expectCounter("glwatch_gitlab_rate_limit_waits_total", [("host", "gitlab.com")]).totalValue
        }
        #expect(try throttled() == 0)

        // When GitLab throttles the host twice before the first throttle ends
        limiter.throttle(until: scheduler.now.addingTimeInterval(30))
        limiter.throttle(until: scheduler.now.addingTimeInterval(60))

        // Then it is one wait, shown as throttled
        #expect(try waits() == 1)
        #expect(try throttled() == 1)

        // And once the time passes, the gauge drops; a new throttle is a new wait
        scheduler.advanceTo(61)
        #expect(try throttled() == 0)
        limiter.throttle(until: scheduler.now.addingTimeInterval(10))
        #expect(try waits() == 2)
    }

    @Test("the requests GitLab says are left are shown")
    func testFollow_remaining() throws {
        let recorder = TestMetrics()
        let metrics = WatcherMetrics(factory: recorder)
        let scheduler = TestScheduler(initialClock: 0)
        let limiter = GitLabRateLimiter(host: "gitlab.com", pace: nil, scheduler: scheduler)
        let subscription = metrics.follow(limiter)
        defer { subscription.dispose() }

        limiter.record(["RateLimit-Limit": "2000", "RateLimit-Remaining": "1990"])

        #expect(
            try recorder.expectGauge("glwatch_gitlab_rate_limit_remaining", [("host", "gitlab.com")]).lastValue
                == 1990
        )
    }
}
