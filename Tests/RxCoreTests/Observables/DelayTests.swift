import RxCore
import RxCoreTest
import XCTest

final class DelayTests: RxTest {
    func testDelay_shiftsElementsAndCompletionByTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
        ])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)])
    }

    func testDelay_keepsTheSpacingOfCloseElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(241)])

        let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(220, 1), .next(225, 2), .next(250, 3), .completed(251)])
    }

    func testDelay_error_isForwardedAtOnce_droppingPendingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(300, TestError.boom)])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testDelay_disposedWithElementsPending_cancelsTheDrain() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2)])

        let res = scheduler.start(disposed: 320) { xs.delay(.seconds(100), scheduler: tracking) }

        XCTAssertEqual(res.events, [.next(310, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }
}
