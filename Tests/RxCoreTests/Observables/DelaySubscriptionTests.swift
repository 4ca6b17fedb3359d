import RxCore
import RxCoreTest
import XCTest

final class DelaySubscriptionTests: RxTest {
    func testDelaySubscription_subscribesAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])

        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42), .next(290, 43), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }

    func testDelaySubscription_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .error(60, TestError.boom)])

        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42), .error(290, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 290)])
    }

    func testDelaySubscription_disposedBeforeTheDueTime_neverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createColdObservable([.next(50, 42)])

        let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: tracking) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
        XCTAssertEqual(tracking.pendingWork, 0)
    }

    func testDelaySubscription_disposedAfterSubscribing_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(100, 43)])

        let res = scheduler.start(disposed: 300) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }
}
