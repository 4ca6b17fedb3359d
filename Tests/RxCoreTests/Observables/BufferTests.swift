import RxCore
import RxCoreTest
import XCTest

final class BufferTests: RxTest {
    func testBuffer_sendsWhenFullOrWhenTheTimeSpanElapses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(240, 3), .next(250, 4), .next(280, 5), .next(320, 6),
            .next(350, 7), .completed(420),
        ])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }

        // [2,3,4] is full at 250 and restarts the timer (due 320); [5,6] goes out with it; the next timer (390)
        // sends [7]; the completion sends the (empty) current buffer first.
        XCTAssertEqual(
            res.events,
            [.next(250, [2, 3, 4]), .next(320, [5, 6]), .next(390, [7]), .next(420, []), .completed(420)]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 420)])
    }

    func testBuffer_sendsEmptyBuffersWhenNothingArrives() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(330)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(250, [1]), .next(300, []), .next(330, []), .completed(330)])
    }

    func testBuffer_error_dropsTheCurrentBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testBuffer_disposedEarly_cancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])

        let res = scheduler.start(disposed: 270) { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: tracking) }

        XCTAssertEqual(res.events, [.next(250, [1])])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }
}
