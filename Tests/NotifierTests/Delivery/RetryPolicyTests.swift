import Foundation
import Notifier
import Testing

@Suite struct RetryPolicyTests {
    @Test func testBackoff_doublesUpToTheMaximum() {
        let policy = RetryPolicy(initialDelay: 5, maxDelay: 30, multiplier: 2, jitter: 0.2)
        #expect((1...6).map { policy.backoff(afterAttempts: $0, random: 0) } == [5, 10, 20, 30, 30, 30])
    }

    @Test func testJitter_takesAtMostItsFractionOff() {
        let policy = RetryPolicy(initialDelay: 10, maxDelay: 1_000, jitter: 0.2)
        #expect(policy.backoff(afterAttempts: 1, random: 0) == 10)
        #expect(policy.backoff(afterAttempts: 1, random: 0.5) == 9)
        #expect(policy.backoff(afterAttempts: 1, random: 0.999_999) > 8)
        #expect(policy.backoff(afterAttempts: 3, random: 1) == 32)
    }

    @Test func testRetryAfter_winsOverBackoff_upToItsCap() {
        let policy = RetryPolicy(initialDelay: 5, maxRetryAfter: 600)
        #expect(policy.delay(afterAttempts: 1, retryAfter: .seconds(120), now: Fixtures.date(0), random: 0) == 120)
        #expect(policy.delay(afterAttempts: 1, retryAfter: .seconds(7_200), now: Fixtures.date(0), random: 0) == 600)
        #expect(
            policy.delay(afterAttempts: 1, retryAfter: .date(Fixtures.date(50)), now: Fixtures.date(20), random: 0)
                == 30
        )
        #expect(policy.delay(afterAttempts: 1, retryAfter: nil, now: Fixtures.date(0), random: 0) == 5)
    }
}
