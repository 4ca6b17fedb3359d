import RxCore
import RxCoreTest
import XCTest

final class SwitchIfEmptyTests: RxTest {
    func testIfEmptySwitchTo_emptySource_subscribesOtherOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 7), .completed(20)])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(310, 7), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(300, 320)])
    }

    func testIfEmptySwitchTo_nonEmptySource_neverSubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let other = scheduler.createColdObservable([.next(10, 7), .completed(20)])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testIfEmptySwitchTo_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 7), .completed(20)])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testIfEmptySwitchTo_errorInOther_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])
        let other = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.error(310, TestError.boom)])
        XCTAssertEqual(other.subscriptions, [Subscription(300, 310)])
    }

    func testIfEmptySwitchTo_disposedWhileOnOther_unsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 7), .next(200, 8)])

        let res = scheduler.start(disposed: 400) { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(310, 7)])
        XCTAssertEqual(other.subscriptions, [Subscription(300, 400)])
    }
}
