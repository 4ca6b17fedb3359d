import RxCore
import RxCoreTest
import XCTest

final class InfallibleTypeCombiningTests: RxTest {
    func testFlatMapLatest_switchesToTheLatestInner() {
        // Given queries at 210 and 230, each answered 20 ticks later
        let scheduler = TestScheduler(initialClock: 0)
        let queries = scheduler.createHotObservable([.next(210, "a"), .next(230, "b"), .completed(300)])
            .asInfallible(onErrorJustReturn: "")

        // When each query maps to a delayed answer, latest only
        let res = scheduler.start {
            queries.flatMapLatest { query in
                Infallible.just(query.uppercased()).asObservable().delay(.seconds(20), scheduler: scheduler)
            }
        }

        // Then the answer to "a" (due at 230) is dropped when "b" arrives at 230
        XCTAssertEqual(res.events, [.next(250, "B"), .completed(300)])
    }

    func testFlatMapFlatMapFirstConcatMap_likeObservable() {
        // Given an outer sequence 1@+10, 2@+15, end@+100, and each element's inner sequence v@+10, v*10@+20, end
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .completed(100)])
            .asInfallible(onErrorJustReturn: 0)
        let inner: (Int) -> Observable<Int> = { value in
            scheduler.createColdObservable([.next(10, value), .next(20, value * 10), .completed(20)]).asObservable()
        }

        // When they are flattened three ways
        let merged = scheduler.start { xs.flatMap(inner) }
        let first = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { xs.flatMapFirst(inner) }
        let concatenated = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) { xs.concatMap(inner) }

        // Then flatMap interleaves, flatMapFirst ignores 2 (1's sequence still runs), concatMap queues 2 after 1
        XCTAssertEqual(merged.events, [.next(220, 1), .next(225, 2), .next(230, 10), .next(235, 20), .completed(300)])
        XCTAssertEqual(first.events, [.next(1220, 1), .next(1230, 10), .completed(1300)])
        XCTAssertEqual(
            concatenated.events,
            [.next(2220, 1), .next(2230, 10), .next(2240, 2), .next(2250, 20), .completed(2300)]
        )
    }

    func testConcatAndMerge_allForms() {
        let a = Infallible.of(1, 2)
        let b = Infallible.of(3)

        XCTAssertEqual(elements(a.concat(b)), [1, 2, 3])
        XCTAssertEqual(elements(Infallible.concat([a, b])), [1, 2, 3])
        XCTAssertEqual(elements(Infallible.concat(AnySequence([a, b]))), [1, 2, 3])
        XCTAssertEqual(elements(Infallible.concat(a, b)), [1, 2, 3])
        // `of` sends each element through the current-thread trampoline, so merged sources interleave.
        XCTAssertEqual(elements(Infallible.merge(a, b)), [1, 3, 2])
        XCTAssertEqual(elements(Infallible.merge([a, b])), [1, 3, 2])
    }

    func testMergeCollection_interleavesInTime() {
        // RxSwift 6's collection form concatenates; RxCore's merges, as the name says.
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createColdObservable([.next(30, "slow"), .completed(40)])
            .asInfallible(onErrorJustReturn: "")
        let fast = scheduler.createColdObservable([.next(10, "fast"), .completed(20)])
            .asInfallible(onErrorJustReturn: "")

        let res = scheduler.start { Infallible.merge(ArraySlice([slow, fast])) }

        XCTAssertEqual(res.events, [.next(210, "fast"), .next(230, "slow"), .completed(240)])
    }

    func testWithLatestFrom_andShare() {
        let scheduler = TestScheduler(initialClock: 0)
        let ticks = scheduler.createHotObservable([.next(210, ()), .next(230, ()), .completed(240)])
            .asInfallible(onErrorJustReturn: ())
        let state = scheduler.createHotObservable([.next(205, "x"), .next(220, "y")])
            .asInfallible(onErrorJustReturn: "")

        let latest = scheduler.start { ticks.withLatestFrom(state) }

        XCTAssertEqual(latest.events, [.next(210, "x"), .next(230, "y"), .completed(240)])

        var subscriptions = 0
        let shared = Infallible<Int>.deferred {
            subscriptions += 1
            return .never()
        }.share(replay: 1)
        let first = shared.subscribe()
        let second = shared.subscribe()
        XCTAssertEqual(subscriptions, 1)
        first.dispose()
        second.dispose()
    }

    func testCombineLatestCollection_emitsOnceAllHaveEmitted() {
        let a = BehaviorRelay(value: 1)
        let b = BehaviorRelay(value: 10)
        var sums: [Int] = []
        var arrays: [[Int]] = []
        let subscriptions = [
            Infallible.combineLatest([a.asInfallible(), b.asInfallible()]) { $0.reduce(0, +) }
                .subscribe(onNext: { sums.append($0) }),
            Infallible.combineLatest([a.asInfallible(), b.asInfallible()]).subscribe(onNext: { arrays.append($0) }),
        ]

        a.accept(2)

        XCTAssertEqual(sums, [11, 12])
        XCTAssertEqual(arrays, [[1, 10], [2, 10]])
        subscriptions.forEach { $0.dispose() }
    }

    private func elements<Element>(_ infallible: Infallible<Element>) -> [Element] {
        var result: [Element] = []
        _ = infallible.subscribe(onNext: { result.append($0) })
        return result
    }
}
