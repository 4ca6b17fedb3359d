import RxCore
import RxCoreTest
import XCTest

final class GroupByTests: RxTest {
    func testGroupBy_emitsAGroupPerKey_withItsElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 6), .completed(300),
        ])

        let res = scheduler.start { flattened(xs.groupBy { $0 % 2 }) }

        XCTAssertEqual(
            res.events,
            [
                .next(210, "1: 1"), .next(220, "0: 2"), .next(230, "1: 3"), .next(240, "0: 4"), .next(250, "0: 6"),
                .completed(300),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupBy_terminalEventsReachEveryGroup() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        let odd = scheduler.createObserver(Int.self)
        let even = scheduler.createObserver(Int.self)
        let keys = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = xs.groupBy { $0 % 2 }.subscribe(
                onNext: { group in
                    keys.onNext(group.key)
                    _ = group.subscribe(group.key == 1 ? odd : even)
                },
                onError: { keys.onError($0) }
            )
        }
        scheduler.start()

        XCTAssertEqual(keys.events, [.next(210, 1), .next(220, 0), .error(230, TestError.boom)])
        XCTAssertEqual(odd.events, [.next(210, 1), .error(230, TestError.boom)])
        XCTAssertEqual(even.events, [.next(220, 2), .error(230, TestError.boom)])
    }

    func testGroupBy_errorThrownByKeySelector_terminatesGroupsAndOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, -1), .next(230, 3)])

        let res = scheduler.start {
            flattened(xs.groupBy { value -> Int in
                if value < 0 { throw TestError.boom }
                return value
            })
        }

        XCTAssertEqual(res.events, [.next(210, "1: 1"), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testGroupBy_outerDisposed_sourceStaysSubscribedWhileAGroupIsObserved() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .next(240, 2), .next(300, 5)])
        let group = scheduler.createObserver(Int.self)
        var outer: Disposable?
        var inner: Disposable?

        scheduler.scheduleAt(200) {
            outer = xs.groupBy { $0 % 2 }.subscribe(onNext: { inner = $0.subscribe(group) })
        }
        scheduler.scheduleAt(220) { outer?.dispose() }
        scheduler.scheduleAt(250) { inner?.dispose() }
        scheduler.start()

        XCTAssertEqual(group.events, [.next(210, 1), .next(230, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}

/// Flattens groups into "key: element" strings, forwarding the outer sequence's terminal event.
private func flattened(_ groups: Observable<GroupedObservable<Int, Int>>) -> Observable<String> {
    Observable.create { observer in
        let composite = CompositeDisposable()
        _ = composite.insert(
            groups.subscribe(
                onNext: { group in
                    _ = composite.insert(
                        group.subscribe(onNext: { observer.onNext("\(group.key): \($0)") }, onError: { _ in })
                    )
                },
                onError: { observer.onError($0) },
                onCompleted: { observer.onCompleted() }
            )
        )
        return composite
    }
}
