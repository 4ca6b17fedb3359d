import RxCore
import RxCoreTest
import XCTest

final class TakeUntilTests: RxTest {
    // MARK: take(until: other)

    func testTakeUntilOther_otherEmits_completesAndUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let other = scheduler.createHotObservable([.next(230, "stop"), .completed(260)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 230)])
    }

    func testTakeUntilOther_otherCompletesWithoutElement_isIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let other = scheduler.createHotObservable([.completed(220, String.self)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilOther_otherErrors_failsResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let other = scheduler.createHotObservable([.error(220, TestError.boom, String.self)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilOther_sourceErrors_failsResultAndUnsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let other = scheduler.createHotObservable([.next(500, "stop")])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilOther_sourceCompletes_unsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let other = scheduler.createHotObservable([.next(500, "stop")])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilOther_disposedEarly_unsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let other = scheduler.createHotObservable([.next(500, "stop")])

        let res = scheduler.start(disposed: 300) { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 300)])
    }

    func testTakeUntilOther_otherEmitsOnSubscription_completesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start { xs.take(until: Observable.just(())) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    // MARK: take(until: predicate, behavior:)

    func testTakeUntilPredicate_exclusive_completesBeforeMatchingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.take(until: { $0 == 2 }) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilPredicate_inclusive_includesMatchingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.take(until: { $0 == 2 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilPredicate_predicateThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start {
            xs.take(until: { value -> Bool in
                if value == 2 { throw TestError.boom }
                return false
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilPredicate_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.take(until: { $0 > 5 }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
    }

    func testTakeUntilPredicate_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])

        let res = scheduler.start(disposed: 300) { xs.take(until: { $0 > 5 }) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
