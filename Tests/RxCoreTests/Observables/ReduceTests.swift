import RxCore
import RxCoreTest
import XCTest

final class ReduceTests: RxTest {
    func testReduce_emitsFinalAccumulationOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])

        let res = scheduler.start { xs.reduce(10) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(250, 16), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduce_emptySource_emitsSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.reduce(42) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(250, 42), .completed(250)])
    }

    func testReduce_mapResult_transformsFinalValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }

        XCTAssertEqual(res.events, [.next(250, "sum 3"), .completed(250)])
    }

    func testReduce_errorInSource_isForwardedWithoutResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.reduce(0) { $0 + $1 } }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testReduce_accumulatorThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.reduce(0) { _, _ -> Int in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testReduce_mapResultThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { _ -> Int in throw TestError.boom }) }

        XCTAssertEqual(res.events, [.error(250, TestError.boom)])
    }

    func testReduce_disposedEarly_emitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.reduce(0) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
