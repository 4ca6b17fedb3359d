import Foundation
import Notifier
import RxCore

/// Time for the client: reads `now` from, and waits on, an RxCore scheduler.
///
/// Every wait the client makes (backoff, `Retry-After`, the rate limiter) goes through here, so a test drives
/// them all with a virtual-time `TestScheduler` and production uses a dispatch-queue scheduler. The waiting itself
/// is glwatch's one scheduler bridge, Notifier's `SchedulerSleeper`; this adds `now` and throwing cancellation.
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
        await SchedulerSleeper(scheduler: scheduler).sleep(for: duration)
        try Task.checkCancellation()
    }

    /// Suspends until `date` on the scheduler's clock.
    func sleep(until date: Date) async throws {
        try await sleep(for: .seconds(date.timeIntervalSince(now)))
    }

    /// `duration` as an RxCore interval (`SchedulerSleeper.interval(_:)`).
    static func interval(_ duration: Duration) -> RxTimeInterval { SchedulerSleeper.interval(duration) }
}
