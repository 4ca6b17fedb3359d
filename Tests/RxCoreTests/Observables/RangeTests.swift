import RxCore
import RxCoreTest
import XCTest

final class RangeTests: RxTest {
    func testRange_emitsCountIntegersFromStart() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: 5, count: 3) }

        XCTAssertEqual(res.events, [.next(200, 5), .next(200, 6), .next(200, 7), .completed(200)])
    }

    func testRange_onScheduler_emitsOnePerUnitOfWork() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: -1, count: 2, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, -1), .next(202, 0), .completed(203)])
    }

    func testRange_zeroCount_completesImmediately() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: 5, count: 0) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testRange_disposedEarly_stopsGenerating() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 203) { Observable.range(start: 0, count: 100, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1)])
    }

    func testRange_negativeCount_failsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.range(start: 0, count: -1) }

        XCTAssertEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }

    func testRange_pastMaximum_failsWithOverflow() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int8>.range(start: 120, count: 10) }

        XCTAssertEqual(res.events, [.error(200, RxError.overflow)])
    }

    func testRange_endingExactlyAtMaximum_emitsAll() throws {
        let elements = try Observable<Int8>.range(start: 125, count: 3).toBlocking().toArray()

        XCTAssertEqual(elements, [125, 126, 127])
    }
}
