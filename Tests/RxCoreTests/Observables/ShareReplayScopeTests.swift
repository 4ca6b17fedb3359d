import RxCore
import RxCoreTest
import XCTest

final class ShareReplayScopeTests: RxTest {
    /// Subscribes `observer` to `source` at `subscribeAt` and disposes at `disposeAt`.
    private func subscribe(
        _ source: Observable<Int>,
        _ observer: TestableObserver<Int>,
        at subscribeAt: Int,
        disposeAt: Int,
        on scheduler: TestScheduler
    ) {
        var subscription: Disposable?
        scheduler.scheduleAt(subscribeAt) { subscription = source.subscribe(observer) }
        scheduler.scheduleAt(disposeAt) { subscription?.dispose() }
    }

    func testShareReplay1_whileConnected_lateSubscriberGetsLatest_andReconnectStartsClean() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .next(40, 4)])
        let shared = xs.share(replay: 1, scope: .whileConnected)
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        let c = scheduler.createObserver(Int.self)

        subscribe(shared, a, at: 200, disposeAt: 235, on: scheduler)
        subscribe(shared, b, at: 225, disposeAt: 245, on: scheduler)
        subscribe(shared, c, at: 300, disposeAt: 325, on: scheduler)
        scheduler.start()

        XCTAssertEqual(a.events, [.next(210, 1), .next(220, 2), .next(230, 3)])
        XCTAssertEqual(b.events, [.next(225, 2), .next(230, 3), .next(240, 4)])
        XCTAssertEqual(c.events, [.next(310, 1), .next(320, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245), Subscription(300, 325)])
    }

    func testShareReplay1_forever_reconnectReplaysStaleElementFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .next(40, 4)])
        let shared = xs.share(replay: 1, scope: .forever)
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        let c = scheduler.createObserver(Int.self)

        subscribe(shared, a, at: 200, disposeAt: 235, on: scheduler)
        subscribe(shared, b, at: 225, disposeAt: 245, on: scheduler)
        subscribe(shared, c, at: 300, disposeAt: 325, on: scheduler)
        scheduler.start()

        XCTAssertEqual(a.events, [.next(210, 1), .next(220, 2), .next(230, 3)])
        XCTAssertEqual(b.events, [.next(225, 2), .next(230, 3), .next(240, 4)])
        XCTAssertEqual(c.events, [.next(300, 4), .next(310, 1), .next(320, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245), Subscription(300, 325)])
    }

    func testShare_whileConnected_afterCompletion_nextSubscriberResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.share(replay: 1, scope: .whileConnected)
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)

        subscribe(shared, a, at: 200, disposeAt: 1000, on: scheduler)
        subscribe(shared, b, at: 300, disposeAt: 1000, on: scheduler)
        scheduler.start()

        XCTAssertEqual(a.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(b.events, [.next(310, 1), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }

    func testShare_forever_afterCompletion_replaysAndCompletesWithoutResubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.share(replay: 1, scope: .forever)
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)

        subscribe(shared, a, at: 200, disposeAt: 1000, on: scheduler)
        subscribe(shared, b, at: 300, disposeAt: 1000, on: scheduler)
        scheduler.start()

        XCTAssertEqual(a.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(b.events, [.next(300, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testShare_noReplay_lateSubscriberOnlySeesLaterElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .error(250, TestError.boom)])
        let shared = xs.share()
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)

        subscribe(shared, a, at: 200, disposeAt: 1000, on: scheduler)
        subscribe(shared, b, at: 220, disposeAt: 1000, on: scheduler)
        scheduler.start()

        XCTAssertEqual(a.events, [.next(210, 1), .next(230, 2), .error(250, TestError.boom)])
        XCTAssertEqual(b.events, [.next(230, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testShareReplay2_whileConnected_replaysTheLastTwo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4)])
        let shared = xs.share(replay: 2)
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)

        subscribe(shared, a, at: 200, disposeAt: 260, on: scheduler)
        subscribe(shared, b, at: 240, disposeAt: 270, on: scheduler)
        scheduler.start()

        XCTAssertEqual(b.events, [.next(240, 2), .next(240, 3), .next(250, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
    }

    func testShare_subscribesTheSourceOnceForManySubscribers() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(subscriptions)
            return Disposables.create()
        }
        let shared = source.share(replay: 1)
        var received: [Int] = []

        let first = shared.subscribe(onNext: { received.append($0) })
        let second = shared.subscribe(onNext: { received.append($0) })
        first.dispose()
        second.dispose()

        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(received, [1, 1])
    }
}
