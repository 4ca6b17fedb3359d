import RxCore
import RxCoreTest
import XCTest

final class SkipUntilTests: RxTest {
    func testSkipUntil_forwardsElementsAfterOtherEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(240, 3), .next(250, 4), .completed(300),
        ])
        let other = scheduler.createHotObservable([.next(230, "go"), .completed(260)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.next(240, 3), .next(250, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 230)])
    }

    func testSkipUntil_otherErrors_failsResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let other = scheduler.createHotObservable([.error(220, TestError.boom, String.self)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntil_otherCompletesWithoutElement_neverOpensGate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let other = scheduler.createHotObservable([.completed(220, String.self)])

        let res = scheduler.start { xs.skip(until: other) }

        // As in RxSwift, a source completing while the gate is closed ends the subscription silently.
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntil_errorInSource_isForwardedEvenBeforeGateOpens() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let other = scheduler.createHotObservable([.next(500, "go")])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntil_disposedEarly_unsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(400, 3)])
        let other = scheduler.createHotObservable([.next(250, "go")])

        let res = scheduler.start(disposed: 300) { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.next(260, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 250)])
    }
}
