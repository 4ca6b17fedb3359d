import Foundation
import Testing

@testable import Watcher

@Suite struct GitLabRetryPolicyTests {
    private let now = Date(timeIntervalSince1970: 1_609_844_370)  // 30 s before the reset in GitLab's example

    @Test func testBackoff_isFullJitterUnderADoublingCeiling() {
        let policy = GitLabRetryPolicy(initialBackoff: .milliseconds(500), maximumBackoff: .seconds(4))

        #expect(policy.backoff(attempt: 0, jitter: FixedJitter(fraction: 0)) == .zero)
        #expect(policy.backoff(attempt: 0, jitter: FixedJitter(fraction: 0.5)) == .milliseconds(250))
        #expect(policy.backoff(attempt: 2, jitter: FixedJitter(fraction: 0.5)) == .seconds(1))
        #expect(policy.backoff(attempt: 10, jitter: FixedJitter(fraction: 0.5)) == .seconds(2))  // capped at 4 s
        // A jitter source out of range is clamped.
        #expect(policy.backoff(attempt: 3, jitter: FixedJitter(fraction: 1.5)) == .seconds(4))
    }

    @Test func testServerWait_retryAfterInSeconds() {
        let wait = GitLabRetryPolicy.serverWait(in: ["retry-after": "30"], now: now, useReset: true)

        #expect(wait == .seconds(30))
    }

    @Test func testServerWait_retryAfterAsAnHTTPDate() {
        let wait = GitLabRetryPolicy.serverWait(
            in: ["Retry-After": "Tue, 05 Jan 2021 11:00:00 GMT"],
            now: now,
            useReset: true
        )

        #expect(wait == .seconds(30))
    }

    @Test func testServerWait_fallsBackToRateLimitResetOnlyWhenAsked() {
        let headers: GitLabHTTPHeaders = ["RateLimit-Reset": "1609844400"]

        #expect(GitLabRetryPolicy.serverWait(in: headers, now: now, useReset: true) == .seconds(30))
        #expect(GitLabRetryPolicy.serverWait(in: headers, now: now, useReset: false) == nil)
    }

    @Test func testServerWait_ignoresGarbageAndThePast() {
        #expect(GitLabRetryPolicy.serverWait(in: ["Retry-After": "soon"], now: now, useReset: false) == nil)
        #expect(
            GitLabRetryPolicy.serverWait(
                in: ["Retry-After": "Tue, 05 Jan 2021 10:00:00 GMT"],
                now: now,
                useReset: false
            )
                == .zero
        )
    }

    @Test func testRetries_429AlwaysButServerErrorsOnlyForGET() {
        let policy = GitLabRetryPolicy()

        #expect(policy.retries(status: 429, method: "POST"))
        #expect(policy.retries(status: 503, method: "GET"))
        #expect(!policy.retries(status: 503, method: "POST"))
        // python-gitlab's transient errors: 500 (Gitaly timed out), 502–504 and a proxy's 520–530
        #expect(policy.retries(status: 500, method: "GET"))
        #expect(policy.retries(status: 520, method: "GET"))
        #expect(policy.retries(status: 530, method: "GET"))
        #expect(!policy.retries(status: 500, method: "POST"))
        #expect(!policy.retries(status: 501, method: "GET"))
        #expect(!policy.retries(status: 404, method: "GET"))
        #expect(!policy.retries(status: 409, method: "GET"))
    }
}
