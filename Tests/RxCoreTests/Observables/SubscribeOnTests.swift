import Dispatch
import RxCore
import RxCoreTest
import XCTest

final class SubscribeOnTests: RxTest {
    func testSubscribeOn_subscribesAndUnsubscribesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(250, 3)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(250, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 1001)])
    }

    func testSubscribeOn_completion_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(300)])
        // The source released itself on completing; the scheduled unsubscription then finds nothing to do.
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 300)])
    }

    func testSubscribeOn_error_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(300, TestError.boom, Int.self)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 300)])
    }

    func testSubscribeOn_disposedBeforeTheScheduledSubscription_neverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 2)])

        let res = scheduler.start(created: 100, subscribed: 200, disposed: 200) { xs.subscribe(on: tracking) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
        XCTAssertEqual(tracking.pendingWork, 0)
    }

    func testSubscribeOn_dispatchQueue_runsTheSubscriptionOnTheQueue() throws {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "rx.subscribeOn")
        queue.setSpecific(key: key, value: "subscribe-queue")

        let subscribedOn = try Observable<String?>.create { observer in
            observer.onNext(DispatchQueue.getSpecific(key: key))
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: ConcurrentDispatchQueueScheduler(queue: queue))
        .toBlocking(timeout: 5)
        .single()

        XCTAssertEqual(subscribedOn, "subscribe-queue")
    }
}
