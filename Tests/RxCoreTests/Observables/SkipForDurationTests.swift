import RxCore
import RxCoreTest
import XCTest

final class SkipForDurationTests: RxTest {
    func testSkipForDuration_dropsElementsUntilTheTimerFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(215, 2), .next(220, 3), .next(230, 4), .completed(240),
        ])

        let res = scheduler.start { xs.skip(for: .seconds(15), scheduler: scheduler) }

        // The element at 215 was scheduled before the timer, so it runs first and is still skipped.
        XCTAssertEqual(res.events, [.next(220, 3), .next(230, 4), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testSkipForDuration_terminalEventsPassWhileSkipping() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkipForDuration_completionWhileSkipping_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(220)])
    }

    func testSkipForDuration_disposedEarly_cancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])

        let res = scheduler.start(disposed: 220) { xs.skip(for: .seconds(50), scheduler: tracking) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }
}
