import RxCore
import RxCoreTest
import XCTest

final class EnumeratedTests: RxTest {
    func testEnumerated_pairsElementsWithTheirIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "z"), .next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(250),
        ])

        let res = scheduler.start { xs.enumerated().map { "\($0.index):\($0.element)" } }

        XCTAssertEqual(res.events, [.next(210, "0:a"), .next(220, "1:b"), .next(230, "2:c"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEnumerated_countsAnewForEverySubscription() throws {
        let enumerated = Observable.of("a", "b").enumerated().map { $0.index }

        XCTAssertEqual(try enumerated.toBlocking().toArray(), [0, 1])
        XCTAssertEqual(try enumerated.toBlocking().toArray(), [0, 1])
    }

    func testEnumerated_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, TestError.boom)])

        let res = scheduler.start { xs.enumerated().map { $0.index } }

        XCTAssertEqual(res.events, [.next(210, 0), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testEnumerated_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(400, "b")])

        let res = scheduler.start(disposed: 300) { xs.enumerated().map { $0.index } }

        XCTAssertEqual(res.events, [.next(210, 0)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
