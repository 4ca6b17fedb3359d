import RxCore
import RxCoreTest
import XCTest

final class ElementAtTests: RxTest {
    func testElementAt_emitsElementAtIndexAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300)])

        let res = scheduler.start { xs.element(at: 1) }

        XCTAssertEqual(res.events, [.next(220, "b"), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testElementAt_sourceTooShort_failsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .completed(300)])

        let res = scheduler.start { xs.element(at: 1) }

        XCTAssertEqual(res.events, [.error(300, RxError.argumentOutOfRange)])
    }

    func testElementAt_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, TestError.boom)])

        let res = scheduler.start { xs.element(at: 3) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testElementAt_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(400, "b")])

        let res = scheduler.start(disposed: 300) { xs.element(at: 1) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testElementAt_negativeIndex_failsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a")])

        let res = scheduler.start { xs.element(at: -1) }

        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [])
    }
}
