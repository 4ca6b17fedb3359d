import RxCore
import RxCoreTest
import XCTest

final class FlatMapFirstTests: RxTest {
    func testFlatMapFirst_ignoresElementsWhileInnerIsRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(30, "b"), .completed(40)])
        let inner3 = scheduler.createColdObservable([.next(10, "c"), .completed(20)])
        let inners = [1: inner1, 3: inner3]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        var mapped = [Int]()

        let res = scheduler.start {
            xs.flatMapFirst { value -> TestableObservable<String> in
                mapped.append(value)
                return inners[value]!
            }
        }

        XCTAssertEqual(res.events, [.next(220, "a"), .next(240, "b"), .next(270, "c"), .completed(300)])
        XCTAssertEqual(mapped, [1, 3])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inner3.subscriptions, [Subscription(260, 280)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testFlatMapFirst_outerCompletesWhileInnerRuns_waitsForInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.flatMapFirst { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a"), .completed(310)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testFlatMapFirst_errorInInner_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.error(10, TestError.boom, String.self)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.flatMapFirst { _ in inner } }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFlatMapFirst_errorInOuter_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(100, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.flatMapFirst { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a"), .error(250, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    func testFlatMapFirst_selectorThrows_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.flatMapFirst { _ -> Observable<String> in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testFlatMapFirst_disposedEarly_disposesOuterAndInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(200, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start(disposed: 300) { xs.flatMapFirst { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 300)])
    }
}
