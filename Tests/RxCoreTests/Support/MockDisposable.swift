import RxCore
import RxCoreTest

/// A disposable that records the virtual times at which it was disposed, as RxSwift's test suite does, so tests
/// can assert when a resource or a subscription was released.
final class MockDisposable: Disposable, @unchecked Sendable {
    private let scheduler: TestScheduler
    private(set) var ticks: [Int] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
        self.ticks.append(scheduler.clock)
    }

    func dispose() {
        ticks.append(scheduler.clock)
    }
}
