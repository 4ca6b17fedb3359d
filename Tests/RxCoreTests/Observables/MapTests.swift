import RxCore
import RxCoreTest
import XCTest

final class MapTests: RxTest {
    func testMap_transformsEachElement_andForwardsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 2),
            .next(240, 3),
            .completed(300),
        ])

        let res = scheduler.start { xs.map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(210, 20), .next(240, 30), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMap_errorThrownByTransform_terminatesWithThatError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])

        let res = scheduler.start { xs.map { value -> Int in if value == 2 { throw RxError.overflow }; return value } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.overflow)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMap_disposedEarly_unsubscribesUpstream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start(disposed: 300) { xs.map { $0 + 1 } }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSingleValue_bridgesToAsyncAwait() async throws {
        let value = try await Single<Int>.create { 41 }.map { $0 + 1 }.value
        XCTAssertEqual(value, 42)
    }

    func testToBlocking_collectsAllElements() throws {
        let elements = try Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }.filter { $0 > 1 }.toBlocking(timeout: 1).toArray()
        XCTAssertEqual(elements, [2])
    }
}
