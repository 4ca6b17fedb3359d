import Foundation
import RxCore

/// What one poll of a project found; it decides when the next poll runs.
package enum PollOutcome: Sendable, Equatable {
    /// Something changed: poll again at the base interval.
    case changed
    /// Nothing changed: one more idle poll towards backing off.
    case unchanged
    /// The poll failed (GitLab error, timeout): back off like idleness, and count towards `project.unreachable`.
    case failed
    /// GitLab rate-limited the host: not the project's fault, so no failure is counted; wait at least as long as
    /// GitLab asked.
    case rateLimited(retryAfter: TimeInterval?)
}

/// Polls one project for as long as it is subscribed: run a poll, wait a delay that depends on what it found
/// (see `Cadence`), poll again.
///
/// The next poll is scheduled only when the previous one has finished, so a slow poll is never doubled by the next
/// tick; it simply delays the next one (and the engine's lag watchdog reports it if that goes on). All waiting goes
/// through `scheduler`, so tests drive it in virtual time.
struct PollLoop: Sendable {
    /// The cadence that spaces polls.
    let cadence: Cadence
    /// Where the waits happen.
    let scheduler: SchedulerType
    /// A source of values in `0..<1` for jitter and the phase after the first poll.
    let unitRandom: @Sendable () -> Double

    /// One finished poll and the wait chosen before the next.
    struct Tick: Sendable, Equatable {
        /// What the poll found.
        var outcome: PollOutcome
        /// The delay before the next poll starts.
        var nextDelay: TimeInterval
    }

    /// Starts polling on subscription (the first poll at once); emits each poll's outcome. A poll that errors
    /// counts as `.failed`.
    /// Disposing stops the loop and disposes an in-flight poll (cancelling its requests).
    func outcomes(poll: @escaping @Sendable () -> Single<PollOutcome>) -> Observable<PollOutcome> {
        ticks(poll: poll).map(\.outcome)
    }

    /// Like `outcomes(poll:)`, with the delay chosen before each next poll (the engine's lag watchdog measures
    /// a project against it).
    func ticks(poll: @escaping @Sendable () -> Single<PollOutcome>) -> Observable<Tick> {
        let cadence = cadence
        let scheduler = scheduler
        let unitRandom = unitRandom
        return Observable.create { observer in
            let inFlight = SerialDisposable()
            let streaks = Streaks()
            // The first poll runs at once; only the later ones are spread (see `Cadence.phaseAfterFirstPoll`).
            let loop = scheduler.scheduleRecursive((), dueTime: .timeInterval(0)) { _, recurse in
                inFlight.disposable = poll().subscribe { result in
                    let outcome: PollOutcome
                    switch result {
                    case .success(let value): outcome = value
                    case .failure: outcome = .failed
                    }
                    let delay = streaks.record(outcome, cadence: cadence, unitRandom: unitRandom())
                    // Schedule before telling: whoever reacts to the outcome already sees the next poll booked.
                    recurse.schedule((), dueTime: .timeInterval(delay))
                    observer.onNext(Tick(outcome: outcome, nextDelay: delay))
                }
            }
            return Disposables.create(loop, inFlight)
        }
    }
}

/// The idle and failure streaks of one loop. Only touched from the poll's completion, which the loop serializes
/// (one poll at a time), so plain mutable state is safe.
private final class Streaks: @unchecked Sendable {
    private var idlePolls = 0
    private var failures = 0

    private var polls = 0

    /// Records an outcome and returns the delay before the next poll.
    func record(_ outcome: PollOutcome, cadence: Cadence, unitRandom: Double) -> TimeInterval {
        polls += 1
        let delay = streakDelay(outcome, cadence: cadence, unitRandom: unitRandom)
        guard polls == 1, outcome == .changed || outcome == .unchanged else { return delay }
        return cadence.phaseAfterFirstPoll(unitRandom: unitRandom)
    }

    private func streakDelay(_ outcome: PollOutcome, cadence: Cadence, unitRandom: Double) -> TimeInterval {
        switch outcome {
        case .changed:
            idlePolls = 0
            failures = 0
        case .unchanged:
            idlePolls += 1
            failures = 0
        case .failed:
            failures += 1
        case .rateLimited(let retryAfter):
            let delay = cadence.delay(idlePolls: idlePolls, failures: failures, unitRandom: unitRandom)
            return max(delay, retryAfter ?? 0)
        }
        return cadence.delay(idlePolls: idlePolls, failures: failures, unitRandom: unitRandom)
    }
}

extension RxTimeInterval {
    /// A scheduler interval from seconds, at millisecond precision (virtual-time tests use whole seconds).
    static func timeInterval(_ seconds: TimeInterval) -> RxTimeInterval {
        .milliseconds(Int((max(0, seconds) * 1000).rounded()))
    }
}
