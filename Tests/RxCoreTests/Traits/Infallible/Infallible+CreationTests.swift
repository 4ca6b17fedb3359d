import RxCore
import RxCoreTest
import XCTest

final class InfallibleCreationTests: RxTest {
    func testInfallibleJustOfFrom_emitTheirElementsThenComplete() {
        let scheduler = TestScheduler(initialClock: 0)

        let just = scheduler.start { Infallible.just(1) }
        let of = scheduler.start(disposed: 2000) { Infallible.of(1, 2, scheduler: scheduler) }

        XCTAssertEqual(just.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(of.events, [.next(1001, 1), .next(1002, 2), .completed(1003)])
        XCTAssertEqual(try Infallible.from([3, 4]).asObservable().toBlocking().toArray(), [3, 4])
        XCTAssertEqual(try Infallible.from(5...6).asObservable().toBlocking().toArray(), [5, 6])
    }

    func testInfallibleJust_scheduler_emptyNever() {
        let scheduler = TestScheduler(initialClock: 0)

        let just = scheduler.start { Infallible.just(1, scheduler: scheduler) }
        let empty = scheduler.start(disposed: 2000) { Infallible<Int>.empty() }
        let never = scheduler.start(disposed: 3000) { Infallible<Int>.never() }

        XCTAssertEqual(just.events, [.next(201, 1), .completed(202)])
        XCTAssertEqual(empty.events, [.completed(1000)])
        XCTAssertEqual(never.events, [])
    }

    func testInfallibleDeferred_callsTheFactoryPerSubscription() {
        var calls = 0
        let deferred = Infallible<Int>.deferred {
            calls += 1
            return .just(calls)
        }

        XCTAssertEqual(try deferred.asObservable().toBlocking().toArray(), [1])
        XCTAssertEqual(try deferred.asObservable().toBlocking().toArray(), [2])
    }
}
