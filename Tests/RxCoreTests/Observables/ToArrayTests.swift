import RxCore
import RxCoreTest
import XCTest

final class ToArrayTests: RxTest {
    func testToArray_emitsAllElementsOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.toArray().asObservable() }

        XCTAssertEqual(res.events, [.next(250, [1, 2]), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testToArray_emptySource_emitsEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.toArray().asObservable() }

        XCTAssertEqual(res.events, [.next(250, []), .completed(250)])
    }

    func testToArray_errorInSource_failsTheSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.toArray().asObservable() }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testToArray_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.toArray().asObservable() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
