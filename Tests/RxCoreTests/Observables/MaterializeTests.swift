import RxCore
import RxCoreTest
import XCTest

final class MaterializeTests: RxTest {
    func testMaterialize_wrapsElementsAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.materialize() }

        XCTAssertEqual(
            res.events,
            [.next(210, .next(1)), .next(220, .next(2)), .next(300, .completed), .completed(300)]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMaterialize_wrapsErrorAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.materialize() }

        XCTAssertEqual(res.events, [.next(210, .next(1)), .next(220, .error(TestError.boom)), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMaterialize_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])

        let res = scheduler.start(disposed: 300) { xs.materialize() }

        XCTAssertEqual(res.events, [.next(210, .next(1))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
