import Dispatch
import RxCore
import RxCoreTest
import XCTest

final class ZipTests: RxTest {
    func testZip_pairsElementsByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(225, "a"), .next(240, "b"), .completed(320)])

        let res = scheduler.start { Observable.zip(xs, ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(225, "1a"), .next(240, "2b"), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    func testZip_tupleForm_emitsTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(300)])

        let res = scheduler.start { Observable.zip(xs, ys).map { "\($0.0)\($0.1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .completed(300)])
    }

    func testZip_completesOnlyWhenAllSourcesCompleted_evenWithEmptyQueue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(215, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(220, 3), .completed(240)])

        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }

        // xs has completed with nothing queued at 230; as in RxSwift 6, zip still waits for ys.
        XCTAssertEqual(res.events, [.next(220, 5), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testZip_completedSourceAndNeverEndingSource_doesNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(215, 2), .completed(220)])
        let never = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { Observable.zip(xs, never) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
    }

    func testZip_queuesElementsOfFasterSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .next(212, 3), .completed(213)])
        let ys = scheduler.createHotObservable([.next(300, 10), .next(310, 20), .next(320, 30), .completed(330)])

        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(300, 11), .next(310, 22), .next(320, 33), .completed(330)])
    }

    func testZip_errorInSource_failsAndDisposesOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 3)])

        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 3), .error(230, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testZip_resultSelectorThrows_fails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(300)])

        let res = scheduler.start { Observable.zip(xs, ys) { _, _ -> Int in throw TestError.boom } }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testZip_disposedEarly_disposesAllSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let ys = scheduler.createHotObservable([.next(220, 2)])

        let res = scheduler.start(disposed: 300) { Observable.zip(xs, ys) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testZip_eightSources_tupleForm() throws {
        let one: Observable<Int> = .of(1)
        let zipped = Observable.zip(one, one, one, one, one, one, one, one)

        let tuples = try zipped.toBlocking().toArray()

        XCTAssertEqual(tuples.count, 1)
        let (a, b, c, d, e, f, g, h) = tuples[0]
        XCTAssertEqual([a, b, c, d, e, f, g, h], [1, 1, 1, 1, 1, 1, 1, 1])
    }

    func testZip_sourcesEmittingFromManyThreads_pairsEveryElementInOrder() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let inside = NSLockedCounter()
        var pairs = [Int]()
        var overlapped = false
        var completed = false
        let subscription = Observable.zip(left, right) { $0 == $1 ? $0 : -1 }.subscribe(
            onNext: { value in
                if inside.increment() != 1 { overlapped = true }
                pairs.append(value)
                inside.decrement()
            },
            onCompleted: { completed = true }
        )

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let subject = index == 0 ? left : right
            for value in 0..<1000 {
                subject.onNext(value)
            }
            subject.onCompleted()
        }

        XCTAssertFalse(overlapped)
        XCTAssertEqual(pairs, Array(0..<1000))
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    // MARK: collection

    func testZipCollection_pairsElementsByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(420)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
        let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(400)])

        let res = scheduler.start { Observable.zip([e0, e1, e2]) { "\($0)" } }

        XCTAssertEqual(res.events, [.next(230, "[1, 2, 3]"), .next(260, "[4, 5, 6]"), .completed(420)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 400)])
    }

    func testZipCollection_elementThatCanNeverBePaired_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3)])
        let ys = scheduler.createHotObservable([.next(220, 10), .completed(225)])

        let res = scheduler.start { Observable.zip([xs, ys]).map { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(220, 11), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testZipCollection_empty_completesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.zip([Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }
}
