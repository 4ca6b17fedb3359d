import Foundation
import RxCore
import Synchronization

/// glwatch's one bridge from async code to scheduler time: sleeps until a date or for a duration on an RxCore
/// scheduler (so tests run it in virtual time), or until woken early.
///
/// A `wake()` that arrives while nobody sleeps is remembered, so a wake-up between two sleeps is never lost.
/// Delivery workers keep one per sink; the GitLab client's `SchedulerClock` makes one per wait.
public final class SchedulerSleeper: Sendable {
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

    /// A sleeper on `scheduler`.
    public init(scheduler: any SchedulerType) {
        self.scheduler = scheduler
    }

    /// Sleeps until `date` (forever when `nil`), a `wake()`, or cancellation; `scheduled` runs once the timer
    /// is set, which lets tests advance virtual time only when the sleeper is really waiting.
    public func sleep(until date: Date?, scheduled: @Sendable () -> Void = {}) async {
        let delay = date.map { Self.interval(.seconds(max(0, min($0.timeIntervalSince(scheduler.now), 1e9)))) }
        await sleep(delay: delay, scheduled: scheduled)
    }

    /// Sleeps for `duration` of scheduler time (exactly, to the nanosecond), a `wake()`, or cancellation.
    public func sleep(for duration: Duration, scheduled: @Sendable () -> Void = {}) async {
        await sleep(delay: Self.interval(max(.zero, duration)), scheduled: scheduled)
    }

    /// `duration` as an RxCore interval, in whole nanoseconds (whole seconds when that would overflow).
    public static func interval(_ duration: Duration) -> RxTimeInterval {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .seconds(Int(seconds)) }
        return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }

    private func sleep(delay: RxTimeInterval?, scheduled: @Sendable () -> Void) async {
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
                if let delay {
                    let timer = scheduler.scheduleRelative((), dueTime: delay) { [weak self] _ in
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
    public func wake() {
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
