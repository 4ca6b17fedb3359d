import Dispatch
import RxCore
import RxCoreTest
import XCTest

final class CombineLatestTests: RxTest {
    func testCombineLatest_emitsOnEveryElementOnceAllHaveEmitted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(320)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .next(230, "2a"), .next(240, "2b"), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    func testCombineLatest_tupleForm_emitsTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(300)])
        let zs = scheduler.createHotObservable([.next(230, true), .completed(300)])

        let res = scheduler.start { Observable.combineLatest(xs, ys, zs).map { "\($0.0)\($0.1)\($0.2)" } }

        XCTAssertEqual(res.events, [.next(230, "1atrue"), .completed(300)])
    }

    func testCombineLatest_sourceCompletesWithoutElement_doesNotCompleteWhileOthersRun() {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.combineLatest(never, empty) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    }

    func testCombineLatest_elementWhileOtherCompletedWithoutElement_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.completed(210, Int.self)])
        let xs = scheduler.createHotObservable([.next(220, 1), .next(230, 2)])

        let res = scheduler.start { Observable.combineLatest(empty, xs) { $0 + $1 } }

        // No result can ever be produced once `empty` is done and `xs` emits.
        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCombineLatest_completedSourceKeepsItsLatestValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(250)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(230, 11), .next(240, 21), .completed(250)])
    }

    func testCombineLatest_errorInSource_failsAndDisposesOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 3)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 3), .error(230, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatest_resultSelectorThrows_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(300)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { _, _ -> Int in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
    }

    func testCombineLatest_disposedEarly_disposesAllSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let ys = scheduler.createHotObservable([.next(220, 2)])

        let res = scheduler.start(disposed: 300) { Observable.combineLatest(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testCombineLatest_eightSources_combinesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (1...8).map { scheduler.createHotObservable([.next(200 + $0 * 10, $0), .completed(300)]) }

        let res = scheduler.start {
            Observable.combineLatest(
                sources[0],
                sources[1],
                sources[2],
                sources[3],
                sources[4],
                sources[5],
                sources[6],
                sources[7]
            ) { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int) -> Int in
                [a, b, c, d, e, f, g, h].reduce(0, +)
            }
        }

        XCTAssertEqual(res.events, [.next(280, 36), .completed(300)])
    }

    func testCombineLatest_optionalElements_nilIsAValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, nil as Int?), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 1), .completed(300)])

        let res = scheduler.start { Observable.combineLatest(xs, ys) { "\(String(describing: $0))-\($1)" } }

        XCTAssertEqual(res.events, [.next(220, "nil-1"), .completed(300)])
    }

    func testCombineLatest_sourcesEmittingFromManyThreads_everyElementProducesOneSerializedResult() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let inside = NSLockedCounter()
        var results = 0
        var overlapped = false
        var completed = false
        let subscription = Observable.combineLatest(left, right) { $0 + $1 }.subscribe(
            onNext: { _ in
                if inside.increment() != 1 { overlapped = true }
                results += 1
                inside.decrement()
            },
            onCompleted: { completed = true }
        )
        left.onNext(0)
        right.onNext(0)

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let subject = index == 0 ? left : right
            for value in 1...1000 {
                subject.onNext(value)
            }
            subject.onCompleted()
        }

        XCTAssertFalse(overlapped)
        XCTAssertEqual(results, 2001)
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    // MARK: collection

    func testCombineLatestCollection_emitsArraysOfLatestValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10), .completed(310)])

        let res = scheduler.start { Observable.combineLatest([xs, ys]).map { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 12), .completed(310)])
    }

    func testCombineLatestCollection_resultSelector_andErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10), .error(240, TestError.boom)])

        let res = scheduler.start { Observable.combineLatest([xs, ys]) { "\($0)" } }

        XCTAssertEqual(res.events, [.next(220, "[1, 10]"), .error(240, TestError.boom)])
    }

    func testCombineLatestCollection_empty_completesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.combineLatest([Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }
}
