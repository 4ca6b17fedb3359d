import RxCore
import RxCoreTest
import XCTest

final class DefaultIfEmptyTests: RxTest {
    func testIfEmptyDefault_emptySource_emitsDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])

        let res = scheduler.start { xs.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [.next(300, 42), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testIfEmptyDefault_nonEmptySource_forwardsElementsOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
    }

    func testIfEmptyDefault_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testIfEmptyDefault_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(500, Int.self)])

        let res = scheduler.start(disposed: 300) { xs.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
