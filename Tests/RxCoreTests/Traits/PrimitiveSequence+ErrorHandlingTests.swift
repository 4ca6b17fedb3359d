import RxCore
import RxCoreTest
import XCTest

final class PrimitiveSequenceErrorHandlingTests: RxTest {
    func testCatch_singleFailure_switchesToHandlersSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let fallback = scheduler.createColdObservable([.next(10, 7), .completed(10)])

        let res = scheduler.start { Single<Int>.error(TestError.boom).catch { _ in fallback.asSingle() } }

        XCTAssertEqual(res.events, [.next(210, 7), .completed(210)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(200, 210)])
    }

    func testCatch_handlerThrows_fails() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Completable.error(TestError.boom).catch { _ in throw TestError.other } }

        XCTAssertEqual(res.events, [.error(200, TestError.other)])
    }

    func testRetry_resubscribesUpToMaxAttempts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])

        let res = scheduler.start { xs.asSingle().retry(2) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220)])
    }

    func testRetryWhen_typedErrors_retriesUntilNotifierCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])

        let res = scheduler.start { xs.asSingle().retry(when: { (errors: Observable<TestError>) in errors.take(1) }) }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220)])
    }

    func testRetryWhen_untypedErrors_succeedsOnSecondAttempt() throws {
        var attempts = 0
        let flaky = Single<Int>.deferred {
            attempts += 1
            return attempts == 1 ? .error(TestError.boom) : .just(attempts)
        }

        let value = try flaky.retry(when: { errors in errors }).toBlocking().single()

        XCTAssertEqual(value, 2)
    }
}
