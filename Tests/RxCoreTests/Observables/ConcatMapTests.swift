import RxCore
import RxCoreTest
import XCTest

final class ConcatMapTests: RxTest {
    func testConcatMap_subscribesInnersOneAfterAnother() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(30, "b"), .completed(40)])
        let inner2 = scheduler.createColdObservable([.next(5, "c"), .completed(10)])
        let inners = [1: inner1, 2: inner2]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        var mappedAt = [Int]()

        let res = scheduler.start {
            xs.concatMap { value -> TestableObservable<String> in
                mappedAt.append(scheduler.clock)
                return inners[value]!
            }
        }

        XCTAssertEqual(res.events, [.next(220, "a"), .next(240, "b"), .next(255, "c"), .completed(260)])
        XCTAssertEqual(mappedAt, [210, 220])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inner2.subscriptions, [Subscription(250, 260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testConcatMap_errorInInner_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.error(10, TestError.boom, String.self)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.concatMap { _ in inner } }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testConcatMap_selectorThrows_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.concatMap { _ -> Observable<String> in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testConcatMap_errorInOuter_failsAndDisposesInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(100, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.concatMap { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a"), .error(250, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    func testConcatMap_disposedEarly_disposesOuterAndInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(200, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start(disposed: 300) { xs.concatMap { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 300)])
    }
}
