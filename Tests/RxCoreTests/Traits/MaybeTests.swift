import RxCore
import RxCoreTest
import XCTest

final class MaybeTests: RxTest {
    func testMaybeJust_scheduler_emitsOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe.just(5, scheduler: scheduler).asObservable() }

        XCTAssertEqual(res.events, [.next(201, 5), .completed(202)])
    }
}
