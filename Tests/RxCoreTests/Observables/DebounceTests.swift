import RxCore
import RxCoreTest
import XCTest

final class DebounceTests: RxTest {
    func testDebounce_eachElementRestartsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(280, 4), .next(300, 5), .completed(400),
        ])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        // 3 resets the timer started by 2; 5 arrives exactly when 4's timer is due (and runs first), so 4 is
        // dropped.
        XCTAssertEqual(res.events, [.next(240, 3), .next(320, 5), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testDebounce_completion_sendsThePendingElementFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(215, 1), .completed(215)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testDebounce_error_dropsThePendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(215, TestError.boom)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(215, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testDebounce_disposedWhileAnElementIsPending_cancelsItsTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])

        let res = scheduler.start(disposed: 225) { xs.debounce(.seconds(20), scheduler: tracking) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }
}
