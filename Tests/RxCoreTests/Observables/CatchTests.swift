import RxCore
import RxCoreTest
import XCTest

final class CatchTests: RxTest {
    func testCatch_errorSwitchesToHandlersSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 8), .next(20, 9), .completed(30)])
        var caught = [String]()

        let res = scheduler.start {
            xs.catch { error in
                caught.append("\(error)")
                return ys.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 8), .next(250, 9), .completed(260)])
        XCTAssertEqual(caught, ["boom"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 260)])
    }

    func testCatch_sourceCompletes_handlerNeverCalled() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        var called = false

        let res = scheduler.start {
            xs.catch { _ in
                called = true
                return .empty()
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertFalse(called)
    }

    func testCatch_handlerThrows_failsWithThrownError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])

        let res = scheduler.start { xs.catch { _ in throw TestError.other } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError.other)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCatch_errorInHandlersSequence_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
        let ys = scheduler.createColdObservable([.next(10, 8), .error(20, TestError.other)])

        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }

        XCTAssertEqual(res.events, [.next(240, 8), .error(250, TestError.other)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testCatch_disposedWhileOnHandlersSequence_disposesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(230, TestError.boom, Int.self)])
        let ys = scheduler.createColdObservable([.next(10, 8), .next(200, 9)])

        let res = scheduler.start(disposed: 300) { xs.catch { _ in ys.asObservable() } }

        XCTAssertEqual(res.events, [.next(240, 8)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 300)])
    }

    func testCatch_disposedEarly_unsubscribesSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])

        let res = scheduler.start(disposed: 300) { xs.catch { _ in .empty() } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCatchAndReturn_errorBecomesElementAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])

        let res = scheduler.start { xs.catchAndReturn(0) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 0), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testCatchAndReturn_sourceCompletes_forwardsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.catchAndReturn(0) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
    }

    func testCatchSequence_triesSourcesInOrderUntilOneCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let zs = scheduler.createColdObservable([.next(10, 3), .completed(20)])

        let res = scheduler.start { Observable.catch([xs.asObservable(), ys.asObservable(), zs.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(zs.subscriptions, [])
    }

    func testCatchSequence_allFail_failsWithLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, TestError.boom, Int.self)])
        let ys = scheduler.createColdObservable([.error(10, TestError.other, Int.self)])

        let res = scheduler.start { Observable.catch([xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
    }

    func testCatchSequence_rxSwiftLabel_continuesWithTheNextSourceOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom, Int.self)])
        let second = scheduler.createColdObservable([.next(5, 2), .completed(10)])

        let res = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(225, 2), .completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 230)])
    }
}
