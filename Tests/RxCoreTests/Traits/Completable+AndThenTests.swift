import RxCore
import RxCoreTest
import XCTest

final class CompletableAndThenTests: RxTest {
    func testAndThenSingle_subscribesSingleWhenCompletableCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.completed(20, Never.self)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(10)])

        let res = scheduler.start { first.asObservable().asCompletable().andThen(second.asSingle()) }

        XCTAssertEqual(res.events, [.next(230, 1), .completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 230)])
    }

    func testAndThenObservable_forwardsAllElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let second = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])

        let res = scheduler.start { Completable.empty().andThen(second.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
    }

    func testAndThenMaybeAndCompletable() {
        let scheduler = TestScheduler(initialClock: 0)

        let maybe = scheduler.start { Completable.empty().andThen(Maybe<Int>.empty()) }
        let completable = scheduler.start(created: 1000, subscribed: 1000, disposed: 2000) {
            Completable.empty().andThen(Completable.error(TestError.boom))
        }

        XCTAssertEqual(maybe.events, [.completed(200)])
        XCTAssertEqual(completable.events, [.error(1000, TestError.boom)])
    }

    func testAndThen_completableFails_secondNeverSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.error(20, TestError.boom, Never.self)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(10)])

        let res = scheduler.start { first.asObservable().asCompletable().andThen(second.asObservable()) }

        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(second.subscriptions, [])
    }

    func testAndThen_disposedEarly_disposesCurrentPart() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.completed(20, Never.self)])
        let second = scheduler.createColdObservable([.next(10, 1), .next(200, 2)])

        let res = scheduler.start(disposed: 300) { first.asObservable().asCompletable().andThen(second.asObservable()) }

        XCTAssertEqual(res.events, [.next(230, 1)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 300)])
    }
}
