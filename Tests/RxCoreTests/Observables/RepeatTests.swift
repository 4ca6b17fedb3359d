import RxCore
import RxCoreTest
import XCTest

final class RepeatTests: RxTest {
    func testRepeatElement_repeatsUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 204) { Observable.repeatElement(7, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 7), .next(202, 7), .next(203, 7)])
    }

    func testRepeatElement_onCurrentThreadWithTake_stops() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.repeatElement(7).take(3) }

        XCTAssertEqual(res.events, [.next(200, 7), .next(200, 7), .next(200, 7), .completed(200)])
    }
}
