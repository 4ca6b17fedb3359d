import RxCore
import RxCoreTest
import XCTest

private final class Owner {
    let name = "o"
}

private struct Head: Equatable {
    let branch: String
    let sha: String
}

final class InfallibleTypeTransformingTests: RxTest {
    func testFilterMapCompactMap_transformLikeTheirObservableCounterparts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let source = xs.asInfallible(onErrorJustReturn: 0)

        let res = scheduler.start {
            source.filter { $0 != 2 }.map { $0 * 10 }.compactMap { $0 > 10 ? "\($0)" : nil }
        }

        XCTAssertEqual(res.events, [.next(230, "30"), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testDistinctUntilChanged_allForms() {
        let values = Infallible.of(1, 1, 2, 2, 1)
        let heads = Infallible.of(
            Head(branch: "main", sha: "a"), Head(branch: "main", sha: "a"), Head(branch: "main", sha: "b")
        )

        XCTAssertEqual(elements(values.distinctUntilChanged()), [1, 2, 1])
        XCTAssertEqual(elements(values.distinctUntilChanged { $0 % 2 }), [1, 2, 1])
        XCTAssertEqual(elements(values.distinctUntilChanged { $0 == $1 }), [1, 2, 1])
        XCTAssertEqual(elements(values.distinctUntilChanged({ $0 }, comparer: { _, _ in true })), [1])
        XCTAssertEqual(elements(heads.distinctUntilChanged(at: \.sha)).map(\.sha), ["a", "b"])
    }

    func testScanStartWith_accumulate() {
        XCTAssertEqual(elements(Infallible.of(1, 2, 3).scan(0, accumulator: +)), [1, 3, 6])
        XCTAssertEqual(elements(Infallible.of(1, 2).scan(into: [Int]()) { $0.append($1) }), [[1], [1, 2]])
        XCTAssertEqual(elements(Infallible.of(2).startWith(1)), [1, 2])
    }

    func testWithUnretained_pairsAndCompletesOnceReleased() {
        let owner = Owner()
        let relay = PublishRelay<Int>()
        var received: [String] = []
        var completed = false
        var weakOwner: Owner? = Owner()
        let subscription = relay.asInfallible().withUnretained(weakOwner!).subscribe(
            onNext: { received.append("\($0.0.name)\($0.1)") },
            onCompleted: { completed = true }
        )

        relay.accept(1)
        weakOwner = nil
        relay.accept(2)

        XCTAssertEqual(received, ["o1"])
        XCTAssertTrue(completed)
        XCTAssertEqual(elements(Infallible.just(3).withUnretained(owner) { "\($0.name)\($1)" }), ["o3"])
        subscription.dispose()
    }

    func testDo_runsSideEffectsInOrder() {
        var log: [String] = []

        let values = elements(
            Infallible.just(1).do(
                onNext: { log.append("next \($0)") },
                afterNext: { log.append("after \($0)") },
                onCompleted: { log.append("completed") },
                afterCompleted: { log.append("after completed") },
                onSubscribe: { log.append("subscribe") },
                onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") }
            )
        )

        XCTAssertEqual(values, [1])
        XCTAssertEqual(
            log,
            ["subscribe", "next 1", "after 1", "completed", "after completed", "subscribed", "dispose"]
        )
    }

    private func elements<Element>(_ infallible: Infallible<Element>) -> [Element] {
        var result: [Element] = []
        _ = infallible.subscribe(onNext: { result.append($0) })
        return result
    }
}
