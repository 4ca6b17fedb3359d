import Foundation
import Notifier
import Testing

@Suite struct CircuitBreakerTests {
    /// `allowsAttempt` changes the breaker, so it cannot be called inside `#expect` itself.
    func allows(_ breaker: inout CircuitBreaker, _ date: Date) -> Bool {
        breaker.allowsAttempt(at: date)
    }

    @Test func testOpensAfterTheThreshold_thenLetsOneTrialThrough() {
        var breaker = CircuitBreaker(policy: .init(failureThreshold: 3, openDuration: 30, maxOpenDuration: 100))
        for second in 0..<2 {
            breaker.recordFailure(at: Fixtures.date(Double(second)))
            #expect(allows(&breaker, Fixtures.date(Double(second))))
        }
        breaker.recordFailure(at: Fixtures.date(2))
        #expect(breaker.state == .open(until: Fixtures.date(32), cooldown: 30))
        #expect(!allows(&breaker, Fixtures.date(31)))
        #expect(allows(&breaker, Fixtures.date(32)))  // the trial
        #expect(!allows(&breaker, Fixtures.date(32)))  // only one
        breaker.recordFailure(at: Fixtures.date(33))
        #expect(breaker.state == .open(until: Fixtures.date(93), cooldown: 60))
        #expect(allows(&breaker, Fixtures.date(93)))
        breaker.recordFailure(at: Fixtures.date(93))
        #expect(breaker.state == .open(until: Fixtures.date(193), cooldown: 100))  // capped
        #expect(allows(&breaker, Fixtures.date(193)))
        breaker.recordSuccess()
        #expect(breaker.state == .closed(failures: 0))
    }

    @Test func testASuccess_resetsTheCount() {
        var breaker = CircuitBreaker(policy: .init(failureThreshold: 2))
        breaker.recordFailure(at: Fixtures.date(0))
        breaker.recordSuccess()
        breaker.recordFailure(at: Fixtures.date(1))
        #expect(breaker.state == .closed(failures: 1))
    }
}
