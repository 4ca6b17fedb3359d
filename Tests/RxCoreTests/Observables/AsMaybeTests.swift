import RxCore
import RxCoreTest
import XCTest

final class AsMaybeTests: RxTest {
    func testAsMaybe_oneElement_emitsItWhenSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.next(300, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAsMaybe_empty_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.completed(300)])
    }

    func testAsMaybe_secondElement_failsWithMoreThanOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsMaybe_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.asMaybe() }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testAsMaybe_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.asMaybe() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
