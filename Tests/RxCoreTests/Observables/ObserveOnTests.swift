import Dispatch
import Foundation
import RxCore
import RxCoreTest
import Synchronization
import XCTest

final class ObserveOnTests: RxTest {
    func testObserveOn_deliversEachEventOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        // Work scheduled "now" runs one tick later on a TestScheduler.
        XCTAssertEqual(res.events, [.next(211, 2), .next(241, 3), .completed(301)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testObserveOn_keepsItsSubscriptionUntilTheTerminalEventWasDelivered() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = PublishSubject<Int>()
        weak var weakObserver: TestableObserver<Int>?
        var subscription: Disposable?
        do {
            let observer = scheduler.createObserver(Int.self)
            weakObserver = observer
            subscription = source.observe(on: scheduler).subscribe(observer)
        }

        scheduler.scheduleAt(300) { source.onCompleted() }
        scheduler.advanceTo(300)
        XCTAssertNotNil(weakObserver, "released before the completion was delivered")
        XCTAssertEqual(weakObserver?.events, [])

        scheduler.advanceTo(301)
        XCTAssertNil(weakObserver, "still referenced after the completion was delivered")
        subscription?.dispose()
    }

    func testObserveOn_dispose_unsubscribesUpstreamAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(240, 3)])

        let res = scheduler.start(disposed: 250) { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 2), .next(241, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testObserveOn_eventsAtTheSameTime_keepTheirOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .completed(210)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2), .next(213, 3), .completed(214)])
    }

    func testObserveOn_error_isDeliveredOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .error(221, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testObserveOn_disposedWithEventsQueued_dropsThem_andCancelsTheDrain() {
        let scheduler = TestScheduler(initialClock: 0)
        let tracking = TrackingScheduler(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3)])

        let res = scheduler.start(created: 100, subscribed: 200, disposed: 211) { xs.observe(on: tracking) }

        // Disposal at 211 was scheduled before the drain, so it runs first: nothing is delivered.
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 211)])
        XCTAssertEqual(tracking.pendingWork, 0)
    }

    func testObserveOn_serialDispatchQueue_deliversInOrderOnTheQueue() throws {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "rx.observeOn.serial")
        queue.setSpecific(key: key, value: "serial")
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "rx.observeOn.proxy")
        let offQueueDeliveries = Atomic<Int>(0)

        let elements = try Observable<Int>.create { observer in
            for value in 0..<1000 { observer.onNext(value) }
            observer.onCompleted()
            return Disposables.create()
        }
        .observe(on: scheduler)
        .map { value -> Int in
            if DispatchQueue.getSpecific(key: key) != "serial" {
                offQueueDeliveries.add(1, ordering: .relaxed)
            }
            return value
        }
        .toBlocking(timeout: 10)
        .toArray()

        XCTAssertEqual(elements, Array(0..<1000))
        XCTAssertEqual(offQueueDeliveries.load(ordering: .relaxed), 0)
    }

    func testObserveOn_concurrentScheduler_neverDeliversConcurrently_andKeepsOrder() throws {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let inFlight = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)

        let elements = try Observable<Int>.create { observer in
            for value in 0..<2000 { observer.onNext(value) }
            observer.onCompleted()
            return Disposables.create()
        }
        .observe(on: scheduler)
        .map { value -> Int in
            if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            inFlight.subtract(1, ordering: .acquiringAndReleasing)
            return value
        }
        .toBlocking(timeout: 10)
        .toArray()

        XCTAssertEqual(elements, Array(0..<2000))
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
    }
}
