import RxCore
import RxCoreTest
import XCTest

final class DeferredTests: RxTest {
    func testDeferred_callsFactoryOnEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        var xs: TestableObservable<Int>!

        let res = scheduler.start {
            Observable.deferred { () -> Observable<Int> in
                invoked += 1
                xs = scheduler.createColdObservable([.next(100, scheduler.clock), .completed(200)])
                return xs.asObservable()
            }
        }

        XCTAssertEqual(invoked, 1)
        XCTAssertEqual(res.events, [.next(300, 200), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testDeferred_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .error(200, TestError.boom)])

        let res = scheduler.start { Observable.deferred { xs.asObservable() } }

        XCTAssertEqual(res.events, [.next(300, 1), .error(400, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testDeferred_factoryThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.deferred { throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }

    func testDeferred_disposedEarly_unsubscribesFromCreatedSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start(disposed: 350) { Observable.deferred { xs.asObservable() } }

        XCTAssertEqual(res.events, [.next(300, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
    }
}
