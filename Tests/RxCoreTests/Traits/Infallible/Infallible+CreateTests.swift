import RxCore
import RxCoreTest
import XCTest

final class InfallibleCreateTests: RxTest {
    func testInfallibleCreate_forwardsElementsAndCompletion_thenNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposed = false

        let res = scheduler.start {
            Infallible<Int>.create { observer in
                observer(.next(1))
                observer(.completed)
                observer(.next(2))
                return Disposables.create { disposed = true }
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertTrue(disposed)
    }

    func testInfallibleCreate_disposal_runsTheReturnedDisposable() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: TestTime?

        let res = scheduler.start {
            Infallible<Int>.create { observer in
                observer(.next(1))
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }

        XCTAssertEqual(res.events, [.next(200, 1)])
        XCTAssertEqual(disposedAt, 1000)
    }

    func testInfallibleEvent_convertsToEvent() {
        XCTAssertEqual(InfallibleEvent.next(1).event, Event.next(1))
        XCTAssertEqual(InfallibleEvent<Int>.completed.event, Event.completed)
    }
}
