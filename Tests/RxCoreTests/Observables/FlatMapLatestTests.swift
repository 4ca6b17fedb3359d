import RxCore
import RxCoreTest
import XCTest

final class FlatMapLatestTests: RxTest {
    func testFlatMapLatest_newElementDisposesPreviousInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .next(40, "c"), .completed(50)])
        let inner2 = scheduler.createColdObservable([.next(10, "d"), .completed(20)])
        let inners = [1: inner1, 2: inner2]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(235, 2), .completed(300)])

        let res = scheduler.start { xs.flatMapLatest { inners[$0]! } }

        XCTAssertEqual(res.events, [.next(220, "a"), .next(230, "b"), .next(245, "d"), .completed(300)])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(inner2.subscriptions, [Subscription(235, 255)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testFlatMapLatest_outerCompletesFirst_waitsForLatestInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.flatMapLatest { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a"), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 310)])
    }

    func testFlatMapLatest_latestInnerCompletesFirst_completesWithOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.flatMapLatest { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a"), .completed(300)])
    }

    func testFlatMapLatest_errorInDisposedInner_isIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createHotObservable([.next(220, "a"), .error(250, TestError.boom)])
        let inner2 = scheduler.createHotObservable([.next(260, "b"), .completed(270)])
        let inners = [1: inner1, 2: inner2]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])

        let res = scheduler.start { xs.flatMapLatest { inners[$0]! } }

        XCTAssertEqual(res.events, [.next(220, "a"), .next(260, "b"), .completed(300)])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 240)])
    }

    func testFlatMapLatest_errorInLatestInner_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .error(20, TestError.boom)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.flatMapLatest { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a"), .error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testFlatMapLatest_errorInOuter_failsAndDisposesInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(100, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.flatMapLatest { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a"), .error(250, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    func testFlatMapLatest_selectorThrows_failsAndDisposesCurrentInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(100, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])

        let res = scheduler.start {
            xs.flatMapLatest { value -> TestableObservable<String> in
                if value == 2 { throw TestError.boom }
                return inner
            }
        }

        XCTAssertEqual(res.events, [.next(220, "a"), .error(230, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    func testFlatMapLatest_disposedEarly_disposesOuterAndInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(200, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start(disposed: 300) { xs.flatMapLatest { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 300)])
    }

    func testSwitchLatest_switchesToMostRecentInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(40, 3)])
        let ys2 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(235, ys2), .completed(300)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 2), .next(245, 4), .completed(300)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(235, 255)])
    }
}
