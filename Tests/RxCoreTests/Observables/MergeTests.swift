import RxCore
import RxCoreTest
import XCTest

final class MergeTests: RxTest {
    func testMerge_instance_mergesInnerSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
        let ys2 = scheduler.createColdObservable([.next(5, 3), .completed(50)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(230)])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [.next(220, 1), .next(225, 3), .next(240, 2), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 270)])
    }

    func testMerge_staticVariadic_completesWhenAllComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 3), .completed(260)])

        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 3), .next(230, 2), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 260)])
    }

    func testMerge_staticArray_errorFailsAndDisposesOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 3)])

        let res = scheduler.start { Observable.merge([xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testMerge_staticCollection_noSources_completesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.merge(ArraySlice<Observable<Int>>()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testMerge_errorInOuter_failsAndDisposesInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let xs = scheduler.createHotObservable([.next(210, ys), .error(250, TestError.boom)])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [.next(220, 1), .error(250, TestError.boom)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 250)])
    }

    func testMerge_disposedEarly_disposesOuterAndInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let ys = scheduler.createHotObservable([.next(220, 3), .next(500, 4)])

        let res = scheduler.start(disposed: 300) { Observable.merge(xs.asObservable(), ys.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testMerge_synchronousSourcesOnCurrentThread_interleaveLikeRxSwift() throws {
        let elements = try Observable.merge(Observable.of(1, 2), Observable.of(3, 4)).toBlocking().toArray()

        XCTAssertEqual(elements, [1, 3, 2, 4])
    }
}
