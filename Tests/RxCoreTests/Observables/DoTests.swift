import RxCore
import RxCoreTest
import XCTest

final class DoTests: RxTest {
    func testDo_callsHandlersAroundEachEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var log = [String]()
        let observer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = xs.do(
                onNext: { log.append("onNext \($0) @\(scheduler.clock)") },
                afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose @\(scheduler.clock)") }
            )
            .do(onNext: { log.append("downstream \($0)") })
            .subscribe(observer)
        }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(
            log,
            [
                "onSubscribe", "onSubscribed",
                "onNext 1 @210", "downstream 1", "afterNext 1",
                "onNext 2 @220", "downstream 2", "afterNext 2",
                // As in RxSwift, the downstream operator tears the chain down when it receives the
                // completion, so `onDispose` runs before `afterCompleted`.
                "onCompleted", "onDispose @300", "afterCompleted",
            ]
        )
    }

    func testDo_afterCompleted_runsBeforeOnDisposeWhenNothingDownstreamTearsDown() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])
        var log = [String]()

        _ = scheduler.start {
            xs.do(afterCompleted: { log.append("afterCompleted") }, onDispose: { log.append("onDispose") })
        }

        XCTAssertEqual(log, ["afterCompleted", "onDispose"])
    }

    func testDo_errorHandlers_runAroundError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        var log = [String]()

        let res = scheduler.start {
            xs.do(onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(log, ["onError boom", "afterError boom"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDo_onNextThrows_sendsErrorInsteadOfElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start {
            xs.do(onNext: { value in
                if value == 2 { throw TestError.boom }
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDo_afterNextThrows_sendsErrorAfterElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.do(afterNext: { _ in throw TestError.boom }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testDo_onCompletedThrows_sendsErrorInsteadOfCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.do(onCompleted: { throw TestError.boom }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(300, TestError.boom)])
    }

    func testDo_onErrorThrows_sendsThrownError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.do(onError: { _ in throw TestError.other }) }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
    }

    func testDo_afterCompletedThrows_nothingFollowsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])
        var unhandled = [String]()
        let previousHandler = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { unhandled.append("\($0)") }
        defer { Hooks.defaultErrorHandler = previousHandler }

        let res = scheduler.start { xs.do(afterCompleted: { throw TestError.boom }) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(unhandled, ["boom"])
    }

    func testDo_disposedEarly_callsOnDisposeAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        var disposedAt = [Int]()

        let res = scheduler.start(disposed: 300) { xs.do(onDispose: { disposedAt.append(scheduler.clock) }) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(disposedAt, [300])
    }
}
