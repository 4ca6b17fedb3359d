import RxCore
import RxCoreTest
import XCTest

final class WithLatestFromTests: RxTest {
    func testWithLatestFrom_combinesWithLatestOfSecond_dropsEarlierElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(245)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(230, "2a"), .next(250, "3b"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 245)])
    }

    func testWithLatestFrom_withoutSelector_emitsSecondsLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .next(250, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])

        let res = scheduler.start { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.next(230, "a"), .next(250, "b"), .completed(300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testWithLatestFrom_errorInFirst_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
        let ys = scheduler.createHotObservable([.next(220, "a")])

        let res = scheduler.start { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testWithLatestFrom_errorInSecond_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1)])
        let ys = scheduler.createHotObservable([.error(220, TestError.boom, String.self)])

        let res = scheduler.start { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testWithLatestFrom_resultSelectorThrows_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a")])

        let res = scheduler.start { xs.withLatestFrom(ys) { _, _ -> String in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(230, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testWithLatestFrom_disposedEarly_disposesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 1), .next(400, 2)])
        let ys = scheduler.createHotObservable([.next(220, "a")])

        let res = scheduler.start(disposed: 300) { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.next(230, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }
}
