import RxCore
import RxCoreTest
import XCTest

final class CompactMapTests: RxTest {
    func testCompactMap_dropsNilResults() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
        ])

        let res = scheduler.start { xs.compactMap { Int($0) } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompactMap_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "1"), .error(220, TestError.boom)])

        let res = scheduler.start { xs.compactMap { Int($0) } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCompactMap_transformThrows_sendsErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start {
            xs.compactMap { value -> Int? in
                if value == 2 { throw TestError.boom }
                return value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCompactMap_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.compactMap { $0 } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
