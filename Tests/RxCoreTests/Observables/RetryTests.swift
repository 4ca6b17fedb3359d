import RxCore
import RxCoreTest
import XCTest

final class RetryTests: RxTest {
    func testRetry_resubscribesAfterEveryError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start(disposed: 270) { xs.retry() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1)])
        XCTAssertEqual(
            xs.subscriptions,
            [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260), Subscription(260, 270)]
        )
    }

    func testRetry_sourceCompletes_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start { xs.retry() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testRetryCount_givesUpWithLastErrorAfterMaxAttempts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(3) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryCount_succeedsOnLaterAttempt() throws {
        var attempts = 0
        let flaky = Observable<String>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError.boom) : .just("ok after \(attempts)")
        }

        XCTAssertEqual(try flaky.retry(5).toBlocking().toArray(), ["ok after 3"])
    }

    func testRetryCount_zero_completesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testRetryCount_negative_failsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1)])

        let res = scheduler.start { xs.retry(-1) }

        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }

    func testRetry_synchronousFailures_doNotOverflowTheStack() throws {
        var attempts = 0
        let flaky = Observable<Int>.deferred {
            attempts += 1
            return attempts < 100_000 ? .error(TestError.boom) : .just(attempts)
        }

        XCTAssertEqual(try flaky.retry().toBlocking().toArray(), [100_000])
    }
}
