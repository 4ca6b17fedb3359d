import RxCore
import RxCoreTest
import XCTest

final class GenerateTests: RxTest {
    func testGenerate_emitsStatesWhileConditionHolds() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(initialState: 1, condition: { $0 < 20 }, scheduler: scheduler) { $0 * 3 }
        }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 3), .next(203, 9), .completed(204)])
    }

    func testGenerate_onCurrentThread_emitsSynchronously() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.generate(initialState: 0, condition: { $0 < 3 }) { $0 + 1 } }

        XCTAssertEqual(res.events, [.next(200, 0), .next(200, 1), .next(200, 2), .completed(200)])
    }

    func testGenerate_conditionThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(
                initialState: 0,
                condition: { value -> Bool in
                    if value == 2 { throw TestError.boom }
                    return true
                },
                scheduler: scheduler
            ) { $0 + 1 }
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .error(203, TestError.boom)])
    }

    func testGenerate_iterateThrows_sendsError() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { _ -> Int in
                throw TestError.boom
            }
        }

        XCTAssertEqual(res.events, [.next(201, 0), .error(202, TestError.boom)])
    }

    func testGenerate_disposedEarly_stopsGenerating() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 203) {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { $0 + 1 }
        }

        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1)])
    }
}
