import Dispatch
import RxCore
import RxCoreTest
import XCTest

final class FlatMapTests: RxTest {
    func testFlatMap_mergesInnerSequencesConcurrently() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(30, "b"), .completed(40)])
        let inner2 = scheduler.createColdObservable([.next(5, "c"), .next(20, "d"), .completed(50)])
        let inners = [1: inner1, 2: inner2]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.flatMap { inners[$0]! } }

        XCTAssertEqual(
            res.events,
            [.next(220, "a"), .next(225, "c"), .next(240, "b"), .next(240, "d"), .completed(270)]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(inner2.subscriptions, [Subscription(220, 270)])
    }

    func testFlatMap_outerCompletesWithoutElements_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(230, Int.self)])

        let res = scheduler.start { xs.flatMap { Observable.just($0) } }

        XCTAssertEqual(res.events, [.completed(230)])
    }

    func testFlatMap_errorInOuter_failsAndDisposesInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(100, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError.boom)])

        let res = scheduler.start { xs.flatMap { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a"), .error(250, TestError.boom)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 250)])
    }

    func testFlatMap_errorInInner_failsAndDisposesOuterAndOtherInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(100, "b")])
        let inner2 = scheduler.createColdObservable([.error(20, TestError.boom, String.self)])
        let inners = [1: inner1, 2: inner2]
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(500)])

        let res = scheduler.start { xs.flatMap { inners[$0]! } }

        XCTAssertEqual(res.events, [.next(220, "a"), .error(240, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(inner1.subscriptions, [Subscription(210, 240)])
    }

    func testFlatMap_selectorThrows_failsAndDisposesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(100, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(225, 2), .completed(500)])

        let res = scheduler.start {
            xs.flatMap { value -> TestableObservable<String> in
                if value == 2 { throw TestError.boom }
                return inner
            }
        }

        XCTAssertEqual(res.events, [.next(220, "a"), .error(225, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 225)])
    }

    func testFlatMap_disposedEarly_disposesOuterAndInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .next(200, "b")])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])

        let res = scheduler.start(disposed: 300) { xs.flatMap { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 300)])
    }

    func testFlatMap_innersEmittingFromManyThreads_deliverEveryEventSerialized() {
        let subjects = (0..<8).map { _ in PublishSubject<Int>() }
        let inside = NSLockedCounter()
        var received = 0
        var overlapped = false
        var completed = false

        let subscription = Observable.from(subjects).flatMap { $0 }.subscribe(
            onNext: { _ in
                if inside.increment() != 1 { overlapped = true }
                received += 1
                inside.decrement()
            },
            onCompleted: { completed = true }
        )
        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for value in 0..<1000 {
                subjects[index].onNext(value)
            }
            subjects[index].onCompleted()
        }

        XCTAssertFalse(overlapped)
        XCTAssertEqual(received, 8000)
        XCTAssertTrue(completed)
        subscription.dispose()
    }
}
