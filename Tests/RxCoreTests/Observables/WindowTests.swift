import RxCore
import RxCoreTest
import XCTest

final class WindowTests: RxTest {
    func testWindow_opensANewWindowWhenFullOrWhenTheTimeSpanElapses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
            .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
        ])

        let res = scheduler.start {
            labelled(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
        }

        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
                .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"), .completed(600),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testWindow_windowsCompleteWhenTheyClose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let firstWindow = scheduler.createObserver(Int.self)
        var subscription: Disposable?

        scheduler.scheduleAt(200) {
            var isFirst = true
            subscription = xs.window(timeSpan: .seconds(50), count: 5, scheduler: scheduler)
                .subscribe(onNext: { window in
                    guard isFirst else { return }
                    isFirst = false
                    _ = window.subscribe(firstWindow)
                })
        }
        scheduler.scheduleAt(400) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(firstWindow.events, [.next(210, 1), .completed(250)])
    }

    func testWindow_error_reachesTheOpenWindowAndTheOuterSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start {
            labelled(xs.window(timeSpan: .seconds(50), count: 5, scheduler: scheduler))
        }

        XCTAssertEqual(res.events, [.next(210, "0 1"), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testWindow_outerDisposedWhileAWindowIsObserved_keepsTheSourceUntilTheWindowIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(330, 3)])
        let windowObserver = scheduler.createObserver(Int.self)
        var outer: Disposable?
        var inner: Disposable?

        scheduler.scheduleAt(200) {
            outer = xs.window(timeSpan: .seconds(1000), count: 5, scheduler: tracking)
                .subscribe(onNext: { window in inner = window.subscribe(windowObserver) })
        }
        scheduler.scheduleAt(220) { outer?.dispose() }
        scheduler.scheduleAt(300) { inner?.dispose() }
        scheduler.start()

        XCTAssertEqual(windowObserver.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }
}

/// Flattens windows into "windowIndex element" strings, forwarding the outer sequence's terminal event.
private func labelled(_ windows: Observable<Observable<Int>>) -> Observable<String> {
    Observable.create { observer in
        let group = CompositeDisposable()
        var index = 0
        let outer = windows.subscribe(
            onNext: { window in
                let label = index
                index += 1
                _ = group.insert(window.subscribe(onNext: { observer.onNext("\(label) \($0)") }, onError: { _ in }))
            },
            onError: { observer.onError($0) },
            onCompleted: { observer.onCompleted() }
        )
        _ = group.insert(outer)
        return group
    }
}
