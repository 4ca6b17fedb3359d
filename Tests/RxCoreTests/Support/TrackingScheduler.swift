import Foundation
import RxCore
import RxCoreTest

/// A `SchedulerType` that forwards to a `TestScheduler` and counts the work it was given that has neither run
/// nor been cancelled, so tests can assert that disposing a subscription cancels an operator's timers.
final class TrackingScheduler: SchedulerType, @unchecked Sendable {
    private let scheduler: TestScheduler
    private let lock = NSLock()
    private var pending = 0

    init(_ scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Scheduled actions that have neither started nor been disposed.
    var pendingWork: Int {
        lock.lock()
        defer { lock.unlock() }
        return pending
    }

    var now: RxTime { scheduler.now }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        track { settle in scheduler.schedule(state) { settle(); return action($0) } }
    }

    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        track { settle in scheduler.scheduleRelative(state, dueTime: dueTime) { settle(); return action($0) } }
    }

    private func track(_ schedule: (_ settle: @escaping () -> Void) -> Disposable) -> Disposable {
        let settled = SettleOnce(owner: self)
        lock.lock()
        pending += 1
        lock.unlock()
        let disposable = schedule { settled.settle() }
        return Disposables.create {
            settled.settle()
            disposable.dispose()
        }
    }

    fileprivate func settleOne() {
        lock.lock()
        pending -= 1
        lock.unlock()
    }
}

/// Decrements the pending count once, whether the work ran or was cancelled first.
private final class SettleOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var owner: TrackingScheduler?

    init(owner: TrackingScheduler) {
        self.owner = owner
    }

    func settle() {
        lock.lock()
        let owner = self.owner
        self.owner = nil
        lock.unlock()
        owner?.settleOne()
    }
}
