import RxCore
import RxCoreTest
import XCTest

final class ThrottleTests: RxTest {
    func testThrottle_latest_sendsFirstThenLatestOfEachWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(300, 4), .next(370, 5),
            .completed(400),
        ])

        let res = scheduler.start { xs.throttle(.seconds(50), latest: true, scheduler: scheduler) }

        XCTAssertEqual(
            res.events,
            [.next(210, 1), .next(260, 3), .next(310, 4), .next(370, 5), .completed(400)]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testThrottle_notLatest_dropsElementsInsideTheWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(300, 4), .next(330, 5), .next(370, 6),
            .completed(400),
        ])

        let res = scheduler.start { xs.throttle(.seconds(50), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(300, 4), .next(370, 6), .completed(400)])
    }

    func testThrottle_defaultsToLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])

        let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(260, 2)])
    }

    func testThrottle_completionWhileLatestIsPending_isHeldUntilItIsSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.throttle(.seconds(50), latest: true, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(260, 2), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testThrottle_completionWithNothingPending_isForwardedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.throttle(.seconds(50), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testThrottle_error_isForwardedAtOnce_andDropsThePendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])

        let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testThrottle_disposedWhileLatestIsPending_cancelsItsTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])

        let res = scheduler.start(disposed: 240) { xs.throttle(.seconds(50), scheduler: tracking) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }
}
