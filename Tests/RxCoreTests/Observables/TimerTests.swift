import RxCore
import RxCoreTest
import XCTest

final class TimerTests: RxTest {
    func testInterval_emitsIncreasingIntegersEachPeriod_untilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(
            res.events,
            [
                .next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4), .next(800, 5),
                .next(900, 6),
            ]
        )
    }

    func testInterval_disposedEarly_cancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)

        let res = scheduler.start(disposed: 450) { Observable<Int64>.interval(.seconds(100), scheduler: tracking) }

        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }

    func testTimer_oneShot_emitsZeroAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(500, 0), .completed(500)])
    }

    func testTimer_oneShot_disposedBeforeDueTime_emitsNothing_andCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)

        let res = scheduler.start(disposed: 400) { Observable<UInt8>.timer(.seconds(300), scheduler: tracking) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(tracking.pendingWork, 0)
    }

    func testTimer_periodic_firstAfterDueTime_thenEachPeriod() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 500) {
            Observable<Int>.timer(.seconds(100), period: .seconds(50), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(300, 0), .next(350, 1), .next(400, 2), .next(450, 3)])
    }

    func testTimer_onDispatchScheduler_emitsOnItsQueue() throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rx.timer.test")

        let values = try Observable<Int>.timer(.milliseconds(1), period: .milliseconds(1), scheduler: scheduler)
            .take(for: .seconds(10), scheduler: scheduler)
            .toBlocking(timeout: 5)
            .first()

        XCTAssertEqual(values, 0)
    }
}
