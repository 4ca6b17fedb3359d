import RxCore
import RxCoreTest
import XCTest

final class SingleOperatorsTests: RxTest {
    private func single(
        _ scheduler: TestScheduler,
        _ value: Int,
        at time: Int
    ) -> (TestableObservable<Int>, Single<Int>) {
        let xs = scheduler.createHotObservable([.next(time, value), .completed(time)])
        return (xs, xs.asSingle())
    }

    func testSingleDo_callsHandlersAroundSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)
        var log = [String]()

        let res = scheduler.start {
            single.do(
                onSuccess: { log.append("onSuccess \($0)") },
                afterSuccess: { log.append("afterSuccess \($0)") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
        }

        XCTAssertEqual(res.events, [.next(220, 1), .completed(220)])
        XCTAssertEqual(log, ["onSubscribe", "onSubscribed", "onSuccess 1", "afterSuccess 1", "onDispose"])
    }

    func testSingleDo_errorHandlersAndThrowingOnSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing = Single<Int>.error(TestError.boom)
        var errors = [String]()

        let failed = scheduler.start {
            failing.do(onError: { errors.append("on \($0)") }, afterError: { errors.append("after \($0)") })
        }
        let (_, single) = single(scheduler, 1, at: 1010)
        let thrown = scheduler.start(created: 1000, subscribed: 1005, disposed: 2000) {
            single.do(onSuccess: { _ in throw TestError.other })
        }

        XCTAssertEqual(failed.events, [.error(200, TestError.boom)])
        XCTAssertEqual(errors, ["on boom", "after boom"])
        XCTAssertEqual(thrown.events, [.error(1010, TestError.other)])
    }

    func testSingleFilter_passingElement_succeedsAsMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 2, at: 220)

        let res = scheduler.start { single.filter { $0 > 1 } }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(220)])
    }

    func testSingleFilter_rejectedElement_completesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)

        let res = scheduler.start { single.filter { $0 > 1 } }

        XCTAssertEqual(res.events, [.completed(220)])
    }

    func testSingleCompactMap_nilResult_completesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)

        let res = scheduler.start { single.compactMap { $0 > 1 ? "big" : nil } }

        XCTAssertEqual(res.events, [.completed(220)])
    }

    func testSingleFlatMap_subscribesInnerSingleOnSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, single) = single(scheduler, 1, at: 220)
        let inner = scheduler.createColdObservable([.next(30, "user"), .completed(30)])

        let res = scheduler.start { single.flatMap { _ in inner.asSingle() } }

        XCTAssertEqual(res.events, [.next(250, "user"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(inner.subscriptions, [Subscription(220, 250)])
    }

    func testSingleFlatMap_selectorThrows_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)

        let res = scheduler.start { single.flatMap { _ -> Single<String> in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testSingleFlatMap_disposedEarly_disposesInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)
        let inner = scheduler.createColdObservable([.next(300, "late"), .completed(300)])

        let res = scheduler.start(disposed: 300) { single.flatMap { _ in inner.asSingle() } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(inner.subscriptions, [Subscription(220, 300)])
    }

    func testSingleFlatMapMaybe_emptyInner_completesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)

        let res = scheduler.start { single.flatMapMaybe { _ in Maybe<String>.empty() } }

        XCTAssertEqual(res.events, [.completed(220)])
    }

    func testSingleFlatMapCompletable_completesWithInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)
        let inner = scheduler.createColdObservable([.completed(30, Never.self)])

        let res = scheduler.start { single.flatMapCompletable { _ in inner.asObservable().asCompletable() } }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(inner.subscriptions, [Subscription(220, 250)])
    }

    func testSingleCatchAndReturn_failureBecomesSuccess() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single<Int>.error(TestError.boom).catchAndReturn(0) }

        XCTAssertEqual(res.events, [.next(200, 0), .completed(200)])
    }

    func testSingleAsMaybe_keepsElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)

        let res = scheduler.start { single.asMaybe() }

        XCTAssertEqual(res.events, [.next(220, 1), .completed(220)])
    }

    func testSingleAsCompletable_dropsElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, single) = single(scheduler, 1, at: 220)

        let res = scheduler.start { single.asCompletable() }

        XCTAssertEqual(res.events, [.completed(220)])
    }

    func testSingleDeferred_factoryCalledPerSubscription() throws {
        var calls = 0
        let single = Single<Int>.deferred {
            calls += 1
            return .just(calls)
        }

        XCTAssertEqual(try single.toBlocking().single(), 1)
        XCTAssertEqual(try single.toBlocking().single(), 2)
    }

    // MARK: zip(collection)

    func testSingleZipCollection_collectsElementsInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, first) = single(scheduler, 1, at: 230)
        let (_, second) = single(scheduler, 2, at: 220)

        let res = scheduler.start { Single.zip([first, second]) }

        XCTAssertEqual(res.events, [.next(230, [1, 2]), .completed(230)])
    }

    func testSingleZipCollection_resultSelector_andFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, first) = single(scheduler, 1, at: 230)

        let summed = scheduler.start { Single.zip([first, .just(2)]) { $0.reduce(0, +) } }
        let failed = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
            Single.zip([Single<Int>.error(TestError.boom), .never()]) { $0.reduce(0, +) }
        }

        XCTAssertEqual(summed.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(failed.events, [.error(1100, TestError.boom)])
    }

    func testSingleZipCollection_empty_succeedsWithEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Single<Int>.zip([Single<Int>]()) }
        let selected = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
            Single<Int>.zip([Single<Int>]()) { $0.count + 10 }
        }

        XCTAssertEqual(res.events, [.next(200, []), .completed(200)])
        XCTAssertEqual(selected.events, [.next(1100, 10), .completed(1100)])
    }
}
