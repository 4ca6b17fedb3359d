import RxCore
import RxCoreTest
import XCTest

final class ScanTests: RxTest {
    func testScan_seed_emitsEveryIntermediateAccumulation() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
        ])

        let res = scheduler.start { xs.scan(10) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 12), .next(220, 15), .next(230, 19), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testScanInto_mutatesAccumulatorInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.scan(into: [Int]()) { $0.append($1) }.map { $0.count } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
    }

    func testScan_seedIsReusedForEverySubscription() throws {
        let scanned = Observable.of(1, 2).scan(into: [Int]()) { $0.append($1) }

        XCTAssertEqual(try scanned.toBlocking().last(), [1, 2])
        XCTAssertEqual(try scanned.toBlocking().last(), [1, 2])
    }

    func testScan_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.scan(0) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testScan_accumulatorThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])

        let res = scheduler.start {
            xs.scan(0) { sum, value -> Int in
                if value == 2 { throw TestError.boom }
                return sum + value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testScan_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])

        let res = scheduler.start(disposed: 300) { xs.scan(0) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
