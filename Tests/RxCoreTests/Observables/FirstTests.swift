import RxCore
import RxCoreTest
import XCTest

final class FirstTests: RxTest {
    func testFirst_emitsFirstElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testFirst_empty_emitsNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(300, nil), .completed(300)])
    }

    func testFirst_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testFirst_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(400, 1)])

        let res = scheduler.start(disposed: 300) { xs.first() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
