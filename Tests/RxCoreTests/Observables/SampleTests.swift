import RxCore
import RxCoreTest
import XCTest

final class SampleTests: RxTest {
    func testSample_sendsTheLatestElementOnEachTick_andCompletesOnTheTickAfterTheSourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6),
            .completed(390),
        ])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"),
            .completed(500),
        ])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .next(320, 6), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    func testSample_defaultValue_isSentOnTicksWithoutANewElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(240, 3), .next(310, 6), .completed(390)])
        let ys = scheduler.createHotObservable([
            .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"), .completed(500),
        ])

        let res = scheduler.start { xs.sample(ys, defaultValue: 0) }

        XCTAssertEqual(
            res.events,
            [.next(210, 0), .next(250, 3), .next(260, 0), .next(320, 6), .next(500, 0), .completed(500)]
        )
    }

    func testSample_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .error(240, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(230, "a"), .next(300, "b")])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(230, 2), .error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testSample_errorInSampler_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(300, 3)])
        let ys = scheduler.createHotObservable([.error(250, TestError.other, String.self)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.error(250, TestError.other, Int.self)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testSample_disposedEarly_unsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(300, 3)])
        let ys = scheduler.createHotObservable([.next(230, "a"), .next(310, "b")])

        let res = scheduler.start(disposed: 280) { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 280)])
    }
}
