import RxCore
import RxCoreTest
import XCTest

final class MulticastTests: RxTest {
    func testPublish_connectSharesOneSubscription_disconnectUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(240, 2), .next(270, 3), .next(330, 4), .next(360, 5), .next(390, 6),
        ])
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        var published: ConnectableObservable<Int>?
        var connection: Disposable?

        scheduler.scheduleAt(100) { published = xs.publish() }
        scheduler.scheduleAt(200) { _ = published?.subscribe(a) }
        scheduler.scheduleAt(230) { connection = published?.connect() }
        scheduler.scheduleAt(300) { _ = published?.subscribe(b) }
        scheduler.scheduleAt(350) { connection?.dispose() }
        scheduler.scheduleAt(370) { connection = published?.connect() }
        scheduler.scheduleAt(400) { connection?.dispose() }
        scheduler.start()

        // The second connection uses a fresh subject: subscribers of the first one hear nothing more.
        XCTAssertEqual(a.events, [.next(240, 2), .next(270, 3), .next(330, 4)])
        XCTAssertEqual(b.events, [.next(330, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 350), Subscription(370, 400)])
    }

    func testMulticast_givenSubject_survivesReconnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(270, 3)])
        let subject = PublishSubject<Int>()
        let connectable = xs.multicast(subject)
        let observer = scheduler.createObserver(Int.self)
        var connection: Disposable?

        scheduler.scheduleAt(200) {
            _ = connectable.subscribe(observer)
            connection = connectable.connect()
        }
        scheduler.scheduleAt(220) { connection?.dispose() }
        scheduler.scheduleAt(230) { connection = connectable.connect() }
        scheduler.scheduleAt(250) { connection?.dispose() }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(210, 1), .next(240, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(230, 250)])
    }

    func testConnect_whileConnected_returnsTheSameConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let connectable = xs.publish()

        let first = connectable.connect()
        let second = connectable.connect()
        second.dispose()
        first.dispose()

        XCTAssertEqual(xs.subscriptions, [Subscription(0, 0)])
    }

    func testReplay_lateSubscriberGetsTheBuffer_andTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let connectable = xs.replay(2)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = connectable.subscribe(early)
            _ = connectable.connect()
        }
        scheduler.scheduleAt(235) { _ = connectable.subscribe(late) }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        XCTAssertEqual(late.events, [.next(235, 2), .next(235, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testReplayAll_lateSubscriberGetsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let connectable = xs.replayAll()
        let late = scheduler.createObserver(Int.self)

        var connection: Disposable?
        scheduler.scheduleAt(200) { connection = connectable.connect() }
        scheduler.scheduleAt(300) { _ = connectable.subscribe(late) }
        scheduler.scheduleAt(400) { connection?.dispose() }
        scheduler.start()

        XCTAssertEqual(late.events, [.next(300, 1), .next(300, 2), .next(300, 3)])
    }

    func testMulticastSelector_subscribesTheSelectorResultThenConnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { shared in shared.map { $0 * 10 } })
        }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMulticastSelector_errorThrownBySelector_terminatesWithIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { _ -> Observable<Int> in throw TestError.boom })
        }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testMulticastSelector_errorThrownBySubjectFactory_terminatesWithIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start {
            xs.multicast({ () throws -> PublishSubject<Int> in throw TestError.other }, selector: { $0 })
        }

        XCTAssertEqual(res.events, [.error(200, TestError.other)])
    }

    func testMulticastSelector_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])

        let res = scheduler.start(disposed: 250) {
            xs.multicast({ ReplaySubject<Int>.create(bufferSize: 1) }, selector: { $0 })
        }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
