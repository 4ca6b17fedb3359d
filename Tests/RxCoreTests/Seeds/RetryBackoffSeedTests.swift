import RxCore
import RxCoreTest
import XCTest

/// The retry seed: a request retried with `retry(when:)` after a growing backoff (1, 2, 4… seconds), giving up
/// with the last error after a number of attempts.
final class RetryBackoffSeedTests: RxTest {
    private func withBackoff<Element>(
        _ request: Observable<Element>,
        maxRetries: Int,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        request.retry(when: { (errors: Observable<Error>) in
            errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                guard attempt < maxRetries else { return .error(error) }
                return Observable<Int>.timer(.seconds(1 << attempt), scheduler: scheduler)
            }
        })
    }

    func testRetryBackoff_transientFailures_retriesAfterGrowingDelaysThenSucceeds() {
        // Given a request that fails twice at once (a refused connection), then answers after 5 ticks
        let scheduler = TestScheduler(initialClock: 0)
        var attempts: [TestTime] = []
        let request = Observable<String>.deferred {
            attempts.append(scheduler.clock)
            let answer: Observable<String> = attempts.count <= 2 ? .error(TestError.boom) : .just("ok")
            return answer.delay(.seconds(5), scheduler: scheduler)
        }

        // When it is retried with backoff
        let res = scheduler.start { self.withBackoff(request, maxRetries: 3, scheduler: scheduler) }

        // Then the retries wait 1, then 2 ticks, and the third attempt answers
        XCTAssertEqual(attempts, [200, 201, 203])
        XCTAssertEqual(res.events, [.next(208, "ok"), .completed(209)])
    }

    func testRetryBackoff_persistentFailure_givesUpWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts: [TestTime] = []
        let request = Observable<String>.deferred {
            attempts.append(scheduler.clock)
            return Observable<String>.error(TestError.other).delaySubscription(.seconds(1), scheduler: scheduler)
        }

        let res = scheduler.start { self.withBackoff(request, maxRetries: 2, scheduler: scheduler) }

        // Fail at 201, wait 1 → retry at 202, fail at 203, wait 2 → retry at 205, fail at 206: give up
        XCTAssertEqual(attempts, [200, 202, 205])
        XCTAssertEqual(res.events, [.error(206, TestError.other)])
    }
}
