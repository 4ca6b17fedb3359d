import RxCore
import RxCoreTest
import XCTest

final class TimeoutTests: RxTest {
    func testTimeout_elementsInTime_passThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(240, 2), .next(280, 3), .completed(320),
        ])

        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .next(280, 3), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
    }

    func testTimeout_gapLongerThanDueTime_failsWithTimeoutError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(300, 3)])

        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .error(290, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testTimeout_nothingAtAll_timesOutFromSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1)])

        let res = scheduler.start { xs.timeout(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(250, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTimeout_withOther_switchesToTheFallbackAndDropsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
            .completed(500),
        ])
        let ys = scheduler.createColdObservable([.next(100, -1), .completed(200)])

        let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }

        XCTAssertEqual(
            res.events,
            [
                .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
                .next(500, -1), .completed(600),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.subscriptions, [Subscription(400, 600)])
    }

    func testTimeout_errorInSource_beforeTheTimeout_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, -1)])

        let res = scheduler.start { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testTimeout_disposedEarly_cancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start(disposed: 230) { xs.timeout(.seconds(50), scheduler: tracking) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }
}
