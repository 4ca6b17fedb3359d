import RxCore
import RxCoreTest
import XCTest

final class ObservableConvertibleTypeInfallibleTests: RxTest {
    func testAsInfallible_onErrorJustReturn_replacesTheErrorWithOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom, Int.self)])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 0), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsInfallible_onErrorFallbackTo_continuesWithTheFallback() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom, Int.self)])
        let fallback = scheduler.createColdObservable([.next(5, 8), .completed(10)])

        let res = scheduler.start { xs.asInfallible(onErrorFallbackTo: fallback.asInfallible(onErrorJustReturn: -1)) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(225, 8), .completed(230)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(220, 230)])
    }

    func testAsInfallible_onErrorRecover_getsTheError() {
        var recovered: [String] = []

        let values = try? Single<Int>.error(TestError.other)
            .asInfallible(onErrorRecover: { error in
                recovered.append("\(error)")
                return .just(9)
            })
            .asObservable().toBlocking().toArray()

        XCTAssertEqual(values, [9])
        XCTAssertEqual(recovered, ["other"])
    }

    func testAsInfallible_noError_passesEverythingThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
    }
}
