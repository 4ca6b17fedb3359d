import RxCore
import RxCoreTest
import XCTest

final class MaybeZipTests: RxTest {
    func testMaybeZip_combinesWhenAllEmit() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let b = scheduler.createColdObservable([.next(30, 2), .completed(30)])

        let res = scheduler.start { Maybe.zip(a.asMaybe(), b.asMaybe()) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(230, 3), .completed(230)])
    }

    func testMaybeZip_oneEmpty_completesEmptyOnceAllTerminated() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.completed(10, Int.self)])
        let b = scheduler.createColdObservable([.next(30, 2), .completed(30)])

        let res = scheduler.start { Maybe.zip(a.asMaybe(), b.asMaybe()) }

        XCTAssertEqual(res.events.count, 1)
        XCTAssertEqual(res.events.first?.time, 230)
        XCTAssertEqual(res.events.first?.value.isCompleted, true)
    }

    func testMaybeZip_errorFails() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Maybe.zip(Maybe.just(1), Maybe<Int>.error(TestError.boom)) { $0 + $1 } }

        XCTAssertEqual(res.events, [.error(200, TestError.boom)])
    }
}
