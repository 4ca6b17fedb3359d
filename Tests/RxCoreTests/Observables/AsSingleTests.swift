import RxCore
import RxCoreTest
import XCTest

final class AsSingleTests: RxTest {
    func testAsSingle_oneElement_emitsItWhenSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.next(300, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAsSingle_secondElement_failsWithMoreThanOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsSingle_empty_failsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.error(300, RxError.noElements)])
    }

    func testAsSingle_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])

        let res = scheduler.start { xs.asSingle() }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
    }

    func testAsSingle_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.asSingle() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAsSingle_subscribeOnSuccess_receivesElement() {
        var result: Int?

        _ = Observable.just(5).asSingle().subscribe(onSuccess: { result = $0 })

        XCTAssertEqual(result, 5)
    }
}
