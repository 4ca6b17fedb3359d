import RxCore
import RxCoreTest
import XCTest

private struct Item {
    let id: Int
    let name: String
}

final class DistinctUntilChangedTests: RxTest {
    func testDistinctUntilChanged_equatable_dropsContiguousDuplicates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 2), .next(220, 3), .next(225, 2), .next(230, 2),
            .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(225, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDistinctUntilChanged_keySelector_comparesKeys() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "A"), .next(230, "b"), .next(240, "B"), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged { $0.lowercased() } }

        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b"), .completed(250)])
    }

    func testDistinctUntilChanged_comparer_comparesWithLastForwardedElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 5), .next(245, 6), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) < 2 } }

        // 2 is close to 1 (dropped); 3 is compared with 1, not with the dropped 2.
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .next(240, 5), .completed(250)])
    }

    func testDistinctUntilChanged_keyPath_comparesProperty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Item(id: 1, name: "a")), .next(220, Item(id: 1, name: "b")), .next(230, Item(id: 2, name: "c")),
            .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged(at: \.id).map(\.name) }

        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "c"), .completed(250)])
    }

    func testDistinctUntilChanged_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDistinctUntilChanged_keySelectorThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start {
            xs.distinctUntilChanged { value -> Int in
                if value == 2 { throw TestError.boom }
                return value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDistinctUntilChanged_comparerThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.distinctUntilChanged { _, _ -> Bool in throw TestError.boom } }

        // The first element has nothing to be compared with, so the comparer first runs at 220.
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
    }

    func testDistinctUntilChanged_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testDistinctUntilChanged_optionalElements_treatNilAsAValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, nil as Int?), .next(220, nil), .next(230, 1), .next(240, nil), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, nil), .next(230, 1), .next(240, nil), .completed(250)])
    }
}
