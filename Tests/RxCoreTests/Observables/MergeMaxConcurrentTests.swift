import RxCore
import RxCoreTest
import XCTest

final class MergeMaxConcurrentTests: RxTest {
    func testMergeMaxConcurrent_queuesInnersBeyondLimit() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)])
        let ys2 = scheduler.createColdObservable([.next(10, 3), .next(90, 4), .completed(100)])
        let ys3 = scheduler.createColdObservable([.next(10, 5), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1), .next(220, ys2), .next(230, ys3), .completed(240),
        ])

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(
            res.events,
            [.next(220, 1), .next(230, 3), .next(260, 2), .next(280, 5), .next(310, 4), .completed(320)]
        )
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 270)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 320)])
        // ys3 waits in the queue until ys1 completes at 270.
        XCTAssertEqual(ys3.subscriptions, [Subscription(270, 290)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testMergeMaxConcurrent_one_concatenatesInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(300)])

        let res = scheduler.start { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 1), .next(270, 2), .completed(300)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(260, 280)])
    }

    func testMergeMaxConcurrent_outerCompletesWithQueuedInners_waitsForAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(230)])

        let res = scheduler.start { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 1), .next(270, 2), .completed(280)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMergeMaxConcurrent_errorInInner_failsAndDropsQueue() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(215, ys2), .completed(300)])

        let res = scheduler.start { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 1), .error(230, TestError.boom)])
        XCTAssertEqual(ys2.subscriptions, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMergeMaxConcurrent_errorInOuter_failsAndDisposesInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.next(220, 1), .error(250, TestError.boom)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
    }

    func testMergeMaxConcurrent_disposedEarly_disposesRunningInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(200, 2)])
        let ys2 = scheduler.createColdObservable([.next(10, 3)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2)])

        let res = scheduler.start(disposed: 300) { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(ys2.subscriptions, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMergeMaxConcurrent_belowOne_failsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Observable.just(1))])

        let res = scheduler.start { xs.merge(maxConcurrent: 0) }

        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [])
    }
}
