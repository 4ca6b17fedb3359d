import RxCore
import RxCoreTest
import XCTest

final class StartWithTests: RxTest {
    func testStartWith_prependsElementsOnSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.startWith(-1, 0) }

        XCTAssertEqual(res.events, [.next(200, -1), .next(200, 0), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testStartWith_errorInSource_isForwardedAfterPrefix() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.startWith(0) }

        XCTAssertEqual(res.events, [.next(200, 0), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testStartWith_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(400, 1)])

        let res = scheduler.start(disposed: 300) { xs.startWith(0) }

        XCTAssertEqual(res.events, [.next(200, 0)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testStartWith_chained_prependsInReverseChainOrder() throws {
        let elements = try Observable.of(3).startWith(2).startWith(0, 1).toBlocking().toArray()

        XCTAssertEqual(elements, [0, 1, 2, 3])
    }
}
