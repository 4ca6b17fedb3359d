import RxCore
import RxCoreTest
import XCTest

final class SkipWhileTests: RxTest {
    func testSkipWhile_forwardsFromFirstFailingElementOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(300),
        ])

        let res = scheduler.start { xs.skip(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.next(230, 3), .next(240, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkipWhile_predicateNotCalledAfterGateOpens() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 5), .next(220, 1), .completed(300)])
        var calls = 0

        _ = scheduler.start {
            xs.skip(while: { value in
                calls += 1
                return value < 3
            })
        }

        XCTAssertEqual(calls, 1)
    }

    func testSkipWhile_predicateThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.skip(while: { _ -> Bool in throw TestError.boom }) }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testSkipWhile_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.skip(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testSkipWhile_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 5), .next(400, 6)])

        let res = scheduler.start(disposed: 300) { xs.skip(while: { $0 < 3 }) }

        XCTAssertEqual(res.events, [.next(210, 5)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
