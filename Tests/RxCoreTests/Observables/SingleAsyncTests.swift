import RxCore
import RxCoreTest
import XCTest

final class SingleAsyncTests: RxTest {
    func testSingle_exactlyOneElement_forwardsItAtOnceThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSingle_secondElement_failsWithMoreThanOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSingle_empty_failsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.error(300, RxError.noElements)])
    }

    func testSingle_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testSinglePredicate_countsOnlyMatchingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.single { $0 == 2 } }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(300)])
    }

    func testSinglePredicate_twoMatches_failsWithMoreThanOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.single { $0 > 1 } }

        XCTAssertEqual(res.events, [.next(220, 2), .error(230, RxError.moreThanOneElement)])
    }

    func testSinglePredicate_noMatch_failsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.single { $0 > 1 } }

        XCTAssertEqual(res.events, [.error(300, RxError.noElements)])
    }

    func testSinglePredicate_predicateThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.single { _ -> Bool in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testSingle_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
