import RxCore
import RxCoreTest
import XCTest

final class InfallibleTypeTakeAndSkipTests: RxTest {
    func testTakeUntilOther_infallibleAndObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let stop = scheduler.createHotObservable([.next(220, ())])

        let byInfallible = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).take(until: stop.asInfallible(onErrorJustReturn: ()))
        }

        XCTAssertEqual(byInfallible.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(stop.subscriptions, [Subscription(200, 220)])

        let observableStop = Observable<Int>.never()
        XCTAssertEqual(elements(Infallible.of(1, 2).take(until: observableStop)), [1, 2])
    }

    func testTakeAndSkipPredicates_andCount() {
        let values = Infallible.of(1, 2, 3, 4)

        XCTAssertEqual(elements(values.take(until: { $0 == 3 })), [1, 2])
        XCTAssertEqual(elements(values.take(until: { $0 == 3 }, behavior: .inclusive)), [1, 2, 3])
        XCTAssertEqual(elements(values.take(while: { $0 < 3 })), [1, 2])
        XCTAssertEqual(elements(values.take(2)), [1, 2])
        XCTAssertEqual(elements(values.skip(while: { $0 < 3 })), [3, 4])
        XCTAssertEqual(elements(values.skip(until: Observable.just(()))), [1, 2, 3, 4])
    }

    func testTakeForDuration_completesWhenTheTimerFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(212, 2), .next(230, 3), .next(260, 4), .completed(300),
        ])
        let source = xs.asInfallible(onErrorJustReturn: 0)

        let taken = scheduler.start { source.take(for: .seconds(35), scheduler: scheduler) }
        XCTAssertEqual(taken.events, [.next(210, 1), .next(212, 2), .next(230, 3), .completed(235)])
    }

    func testDebounce_keepsTheLastOfABurst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(212, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).debounce(.seconds(5), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(217, 2), .next(235, 3), .completed(300)])
    }

    func testThrottle_firstAndLatestOfEachWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(212, 2), .next(214, 3), .completed(300)])

        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).throttle(.seconds(10), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 3), .completed(300)])
    }

    private func elements<Element>(_ infallible: Infallible<Element>) -> [Element] {
        var result: [Element] = []
        _ = infallible.subscribe(onNext: { result.append($0) })
        return result
    }
}
