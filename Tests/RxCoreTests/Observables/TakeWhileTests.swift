import RxCore
import RxCoreTest
import XCTest

final class TakeWhileTests: RxTest {
    func testTakeWhile_completesAtFirstFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(300),
        ])

        let res = scheduler.start { xs.take(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakeWhile_inclusive_includesFirstFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.take(while: { $0 < 3 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(230)])
    }

    func testTakeWhile_sourceCompletesWhileConditionHolds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.take(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
    }

    func testTakeWhile_predicateThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.take(while: { _ -> Bool in throw TestError.boom }) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testTakeWhile_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.take(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
    }

    func testTakeWhile_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])

        let res = scheduler.start(disposed: 300) { xs.take(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
