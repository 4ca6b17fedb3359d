import Foundation
import RxCore

/// Time for the client: reads `now` from, and waits on, an RxCore scheduler.
///
/// Every wait the client makes (backoff, `Retry-After`, the rate limiter) goes through here, so a test drives
/// them all with a virtual-time `TestScheduler` and production uses a dispatch-queue scheduler.
struct SchedulerClock: Sendable {
    /// The scheduler all waits are scheduled on.
    let scheduler: any SchedulerType

    /// The scheduler's current time.
    var now: Date { scheduler.now }

    /// Suspends for `duration` of scheduler time.
    ///
    /// A zero or negative duration returns at once without scheduling anything. Cancelling the task cancels the
    /// scheduled wake-up and throws `CancellationError`.
    func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return }
        try Task.checkCancellation()
        let wait = ScheduledWait()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                wait.start(continuation)
                let disposable = scheduler.scheduleRelative((), dueTime: Self.interval(duration)) { _ in
                    wait.finish(.success(()))
                    return Disposables.create()
                }
                wait.setTimer(disposable)
            }
        } onCancel: {
            wait.finish(.failure(CancellationError()))
        }
    }

    /// Suspends until `date` on the scheduler's clock.
    func sleep(until date: Date) async throws {
        try await sleep(for: .seconds(date.timeIntervalSince(now)))
    }

    static func interval(_ duration: Duration) -> RxTimeInterval {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .seconds(Int(seconds)) }
        return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }
}

/// One pending wait: resumes its continuation exactly once, from the timer or from cancellation, and disposes
/// the timer when cancelled.
private final class ScheduledWait: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var timer: (any Disposable)?
    private var result: Result<Void, any Error>?

    func start(_ continuation: CheckedContinuation<Void, any Error>) {
        lock.lock()
        if let result {
            lock.unlock()
            continuation.resume(with: result)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func setTimer(_ timer: any Disposable) {
        lock.lock()
        let finished = result != nil
        if !finished { self.timer = timer }
        lock.unlock()
        if finished { timer.dispose() }
    }

    func finish(_ result: Result<Void, any Error>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        let continuation = self.continuation
        self.continuation = nil
        let timer = self.timer
        self.timer = nil
        lock.unlock()
        continuation?.resume(with: result)
        timer?.dispose()
    }
}
