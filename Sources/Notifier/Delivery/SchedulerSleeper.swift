import Foundation
import RxCore
import Synchronization

/// Waits until a date on an RxCore scheduler (so tests run it in virtual time), or until woken early.
///
/// A `wake()` that arrives while nobody sleeps is remembered, so a wake-up between two sleeps is never lost.
final class SchedulerSleeper: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, Never>?
        var timer: DisposableBox?
        var pendingWake = false
    }

    /// Carries the timer's `Disposable` (not `Sendable`) in the state; it is only disposed, once, outside the lock,
    /// and disposables are thread-safe.
    private struct DisposableBox: @unchecked Sendable {
        let disposable: Disposable
    }

    private let scheduler: any SchedulerType
    private let state = Mutex(State())

    init(scheduler: any SchedulerType) {
        self.scheduler = scheduler
    }

    /// Sleeps until `date` (forever when `nil`), a `wake()`, or cancellation; `scheduled` runs once the timer
    /// is set, which lets tests advance virtual time only when the sleeper is really waiting.
    func sleep(until date: Date?, scheduled: @Sendable () -> Void = {}) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let wakeNow = state.withLock { state -> Bool in
                    if state.pendingWake {
                        state.pendingWake = false
                        return true
                    }
                    state.continuation = continuation
                    return false
                }
                if wakeNow {
                    continuation.resume()
                    scheduled()
                    return
                }
                if Task.isCancelled {  // cancelled before the continuation was stored: onCancel found nothing
                    resume()
                    return
                }
                if let date {
                    let delay = max(0, date.timeIntervalSince(scheduler.now))
                    let timer = scheduler.scheduleRelative(
                        (),
                        dueTime: .nanoseconds(Int(min(delay, 1e9) * 1_000_000_000))
                    ) { [weak self] _ in
                        self?.resume()
                        return Disposables.create()
                    }
                    let box = DisposableBox(disposable: timer)
                    let disposeNow = state.withLock { state -> Bool in
                        guard state.continuation != nil else { return true }
                        state.timer = box
                        return false
                    }
                    if disposeNow { timer.dispose() }
                }
                scheduled()
            }
        } onCancel: {
            resume()
        }
    }

    /// Ends the current sleep now, or the next one as soon as it starts.
    func wake() {
        let resumed = resume()
        if !resumed { state.withLock { $0.pendingWake = true } }
    }

    @discardableResult
    private func resume() -> Bool {
        let (continuation, timer) = state.withLock { state in
            let taken = (state.continuation, state.timer)
            state.continuation = nil
            state.timer = nil
            return taken
        }
        timer?.disposable.dispose()
        continuation?.resume()
        return continuation != nil
    }
}
