import RxCore
import RxCoreTest
import XCTest

final class ScheduledDisposableTests: RxTest {
    func testScheduledDisposable_disposesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let underlying = BooleanDisposable()
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: underlying)
        var disposedAt: [Int] = []

        scheduler.scheduleAt(100) {
            scheduled.dispose()
            disposedAt.append(underlying.isDisposed ? scheduler.clock : -1)
        }
        scheduler.scheduleAt(102) { disposedAt.append(underlying.isDisposed ? scheduler.clock : -1) }
        scheduler.start()

        XCTAssertEqual(disposedAt, [-1, 102])
        XCTAssertTrue(scheduled.isDisposed)
    }
}
