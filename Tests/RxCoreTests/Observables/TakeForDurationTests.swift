import RxCore
import RxCoreTest
import XCTest

final class TakeForDurationTests: RxTest {
    func testTakeForDuration_completesWhenTheTimerFires_andUnsubscribesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(270),
        ])

        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testTakeForDuration_sourceCompletesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.take(for: .seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeForDuration_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(215, TestError.boom)])

        let res = scheduler.start { xs.take(for: .seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(215, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testTakeForDuration_disposedEarly_unsubscribes_andCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])

        let res = scheduler.start(disposed: 230) { xs.take(for: .seconds(100), scheduler: tracking) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }
}
