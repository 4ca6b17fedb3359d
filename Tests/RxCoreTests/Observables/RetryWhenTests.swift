import RxCore
import RxCoreTest
import XCTest

final class RetryWhenTests: RxTest {
    func testRetryWhen_growingBackoffDrivenByNotifier_thenGivesUp() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<TestError>) in
                errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                    if attempt == 3 {
                        return .error(error)
                    }
                    // Wait 10, 20, then 30 ticks before the next attempt.
                    return scheduler.createColdObservable([.next((attempt + 1) * 10, 0)]).asObservable()
                }
            })
        }

        XCTAssertEqual(
            res.events,
            [.next(210, 1), .next(240, 1), .next(280, 1), .next(330, 1), .error(340, TestError.boom)]
        )
        XCTAssertEqual(
            xs.subscriptions,
            [Subscription(200, 220), Subscription(230, 250), Subscription(270, 290), Subscription(320, 340)]
        )
    }

    func testRetryWhen_notifierCompletes_completesResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(when: { (errors: Observable<Swift.Error>) in errors.take(2) }) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryWhen_notifierEmptyFromTheStart_completesAtFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start { xs.retry(when: { (_: Observable<Swift.Error>) in Observable<Int>.empty() }) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testRetryWhen_notifierErrors_failsWithNotifiersError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])

        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<Swift.Error>) in
                errors.flatMap { _ in Observable<Int>.error(TestError.other) }
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.other)])
    }

    func testRetryWhen_sourceCompletes_completesAndDisposesNotifier() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let trigger = scheduler.createHotObservable([.next(500, 0)])

        let res = scheduler.start { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 220)])
    }

    func testRetryWhen_errorOfAnotherType_isForwardedWithoutRetrying() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, RxError.timeout)])

        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<TestError>) in errors.map { _ in 0 } })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testRetryWhen_notifierElementBeforeAnyError_isIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(50, TestError.boom)])
        let trigger = scheduler.createHotObservable([.next(220, 0), .next(300, 0)])

        let res = scheduler.start(disposed: 320) { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }

        // The element at 220 arrives while the first attempt runs: it does not resubscribe.
        XCTAssertEqual(res.events, [.next(210, 1), .next(310, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(300, 320)])
    }

    func testRetryWhen_disposedWhileWaiting_disposesNotifierAndSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let trigger = scheduler.createHotObservable([.next(500, 0)])

        let res = scheduler.start(disposed: 300) { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 300)])
    }

    func testRetryWhen_handlerCalledOncePerSubscription() throws {
        var handlerCalls = 0
        var attempts = 0
        let flaky = Observable<Int>.deferred {
            attempts += 1
            return attempts % 3 == 0 ? .just(attempts) : .error(TestError.boom)
        }
        let retried = flaky.retry(when: { (errors: Observable<Swift.Error>) -> Observable<Swift.Error> in
            handlerCalls += 1
            return errors
        })

        XCTAssertEqual(try retried.toBlocking().toArray(), [3])
        XCTAssertEqual(try retried.toBlocking().toArray(), [6])
        XCTAssertEqual(handlerCalls, 2)
    }
}
