import RxCore
import RxCoreTest
import XCTest

final class SkipTests: RxTest {
    func testSkip_bypassesFirstCountElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])

        let res = scheduler.start { xs.skip(2) }

        XCTAssertEqual(res.events, [.next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkip_zero_forwardsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.skip(0) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
    }

    func testSkip_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.skip(5) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkip_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(400, 3)])

        let res = scheduler.start(disposed: 300) { xs.skip(1) }

        XCTAssertEqual(res.events, [.next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkip_negativeCount_failsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start { xs.skip(-1) }

        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }
}
