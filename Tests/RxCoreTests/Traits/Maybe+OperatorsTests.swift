import RxCore
import RxCoreTest
import XCTest

final class MaybeOperatorsTests: RxTest {
    private func maybe(_ scheduler: TestScheduler, _ value: Int?, at time: Int) -> Maybe<Int> {
        if let value {
            return scheduler.createHotObservable([.next(time, value), .completed(time)]).asMaybe()
        }
        return scheduler.createHotObservable([.completed(time, Int.self)]).asMaybe()
    }

    func testMaybeDo_callsHandlersForElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let element = maybe(scheduler, 1, at: 220)
        var log = [String]()

        let res = scheduler.start {
            element.do(onNext: { log.append("next \($0)") }, afterNext: { log.append("afterNext \($0)") })
        }

        XCTAssertEqual(res.events, [.next(220, 1), .completed(220)])
        XCTAssertEqual(log, ["next 1", "afterNext 1"])
    }

    func testMaybeDo_callsHandlersForEmptyCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = maybe(scheduler, nil, at: 220)
        var log = [String]()

        let res = scheduler.start {
            empty.do(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") },
                afterCompleted: { log.append("afterCompleted") }
            )
        }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(log, ["completed", "afterCompleted"])
    }

    func testMaybeFilterAndMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = maybe(scheduler, 4, at: 220)

        let res = scheduler.start { source.filter { $0.isMultiple(of: 2) }.map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(220, 40), .completed(220)])
    }

    func testMaybeCompactMap_nilResult_completesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe.just("x").compactMap { Int($0) } }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testMaybeMap_transformThrows_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = maybe(scheduler, 4, at: 220)

        let res = scheduler.start { source.map { _ -> Int in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testMaybeFlatMap_emptySourceNeverCallsSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = maybe(scheduler, nil, at: 220)
        var called = false

        let res = scheduler.start {
            source.flatMap { value -> Maybe<Int> in
                called = true
                return .just(value)
            }
        }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertFalse(called)
    }

    func testMaybeIfEmptyDefault_emptySource_givesDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = maybe(scheduler, nil, at: 220)

        let res = scheduler.start { empty.ifEmpty(default: 0) }

        XCTAssertEqual(res.events, [.next(220, 0), .completed(220)])
    }

    func testMaybeIfEmptyDefault_elementIsKept() {
        let scheduler = TestScheduler(initialClock: 0)
        let full = maybe(scheduler, 5, at: 220)

        let res = scheduler.start { full.ifEmpty(default: 0) }

        XCTAssertEqual(res.events, [.next(220, 5), .completed(220)])
    }

    func testMaybeIfEmptySwitchToMaybe_subscribesOtherWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = maybe(scheduler, nil, at: 220)
        let other = scheduler.createColdObservable([.next(10, 7), .completed(10)])

        let res = scheduler.start { empty.ifEmpty(switchTo: other.asMaybe()) }

        XCTAssertEqual(res.events, [.next(230, 7), .completed(230)])
        XCTAssertEqual(other.subscriptions, [Subscription(220, 230)])
    }

    func testMaybeIfEmptySwitchToSingle_givesSingle() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe<Int>.empty().ifEmpty(switchTo: Single.just(8)) }

        XCTAssertEqual(res.events, [.next(200, 8), .completed(200)])
    }

    func testMaybeCatchAndReturn_errorBecomesElement() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe<Int>.error(TestError.boom).catchAndReturn(3) }

        XCTAssertEqual(res.events, [.next(200, 3), .completed(200)])
    }
}
