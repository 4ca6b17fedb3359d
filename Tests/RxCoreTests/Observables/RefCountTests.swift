import RxCore
import RxCoreTest
import XCTest

final class RefCountTests: RxTest {
    func testRefCount_firstSubscriberConnects_lastUnsubscribeDisconnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4)])
        let shared = xs.publish().refCount()
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        var subscriptionA: Disposable?
        var subscriptionB: Disposable?

        scheduler.scheduleAt(200) { subscriptionA = shared.subscribe(a) }
        scheduler.scheduleAt(220) { subscriptionB = shared.subscribe(b) }
        scheduler.scheduleAt(240) { subscriptionA?.dispose() }
        scheduler.scheduleAt(260) { subscriptionB?.dispose() }
        scheduler.start()

        XCTAssertEqual(a.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(b.events, [.next(230, 2), .next(250, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func testRefCount_terminalEventEndsTheConnection_nextSubscriberConnectsAgain() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError.boom)])
        let shared = xs.publish().refCount()
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = shared.subscribe(a) }
        scheduler.scheduleAt(300) { _ = shared.subscribe(b) }
        scheduler.start()

        XCTAssertEqual(a.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(b.events, [.next(310, 1), .error(320, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }

    func testRefCount_disposedBeforeAnyEvent_unsubscribesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 1)])

        let res = scheduler.start(disposed: 250) { xs.publish().refCount() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
