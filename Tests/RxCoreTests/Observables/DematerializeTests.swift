import RxCore
import RxCoreTest
import XCTest

final class DematerializeTests: RxTest {
    func testDematerialize_unwrapsEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.next(1)), .next(220, .next(2)), .next(230, .completed), .completed(300),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDematerialize_materializedError_failsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.next(1)), .next(220, .error(TestError.boom)), .completed(300),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerialize_errorInSource_isForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, TestError.other, Event<Int>.self)])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.error(220, TestError.other)])
    }

    func testDematerialize_sourceCompletes_completes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event<Int>.next(1)), .completed(300)])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
    }

    func testDematerialize_disposedEarly_unsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event<Int>.next(1)), .next(400, .next(2))])

        let res = scheduler.start(disposed: 300) { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testDematerialize_roundTripsMaterialize() throws {
        let elements = try Observable.of(1, 2, 3).materialize().dematerialize().toBlocking().toArray()

        XCTAssertEqual(elements, [1, 2, 3])
    }
}
