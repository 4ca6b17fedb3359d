import RxCore
import RxCoreTest
import XCTest

final class AmbTests: RxTest {
    func testAmb_firstToEmitWins_otherIsUnsubscribedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let left = scheduler.createHotObservable([.next(230, 1), .next(240, 2), .completed(300)])
        let right = scheduler.createHotObservable([.next(210, 3), .next(250, 4), .completed(320)])

        let res = scheduler.start { left.amb(right) }

        XCTAssertEqual(res.events, [.next(210, 3), .next(250, 4), .completed(320)])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 320)])
    }

    func testAmb_firstEventIsCompletion_thatSourceWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let left = scheduler.createHotObservable([.completed(220, Int.self)])
        let right = scheduler.createHotObservable([.next(230, 1)])

        let res = scheduler.start { left.amb(right) }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 220)])
    }

    func testAmb_firstEventIsError_errorWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let left = scheduler.createHotObservable([.next(230, 1)])
        let right = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])

        let res = scheduler.start { left.amb(right) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 220)])
    }

    func testAmb_loserErrorsAfterwards_isIgnored() {
        let scheduler = TestScheduler(initialClock: 0)
        let left = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let right = scheduler.createHotObservable([.error(220, TestError.boom, Int.self)])

        let res = scheduler.start { left.amb(right) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 210)])
    }

    func testAmb_disposedEarly_unsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let left = scheduler.createHotObservable([.next(400, 1)])
        let right = scheduler.createHotObservable([.next(500, 2)])

        let res = scheduler.start(disposed: 300) { left.amb(right) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(left.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(right.subscriptions, [Subscription(200, 300)])
    }

    func testAmbStatic_manySources_firstToReactWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(240, 1)])
        let x2 = scheduler.createHotObservable([.next(220, 2), .completed(260)])
        let x3 = scheduler.createHotObservable([.next(230, 3)])

        let res = scheduler.start { Observable.amb([x1, x2, x3].map { $0.asObservable() }) }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(260)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(x3.subscriptions, [Subscription(200, 220)])
    }

    func testAmbStatic_noSources_neverEmits() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.amb([]) }

        XCTAssertEqual(res.events, [])
    }
}
