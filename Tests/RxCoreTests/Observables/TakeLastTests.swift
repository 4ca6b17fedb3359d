import RxCore
import RxCoreTest
import XCTest

final class TakeLastTests: RxTest {
    func testTakeLast_emitsLastElementsOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [.next(300, 3), .next(300, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLast_fewerElementsThanCount_emitsAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.takeLast(3) }

        XCTAssertEqual(res.events, [.next(300, 1), .completed(300)])
    }

    func testTakeLast_zero_onlyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.takeLast(0) }

        XCTAssertEqual(res.events, [.completed(300)])
    }

    func testTakeLast_errorInSource_dropsBufferedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeLast_disposedEarly_emitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.takeLast(2) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLast_manyElements_keepsOnlyTheLast() throws {
        let elements = try Observable.range(start: 0, count: 1000).takeLast(3).toBlocking().toArray()

        XCTAssertEqual(elements, [997, 998, 999])
    }

    func testTakeLast_negativeCount_failsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start { xs.takeLast(-1) }

        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }
}
