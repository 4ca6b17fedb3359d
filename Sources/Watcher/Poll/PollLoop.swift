import Foundation
import RxCore
import Synchronization

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
    /// The poll read what it could and must look again after `retryIn` seconds before it can decide (a baseline
    /// waiting for GitLab's late push events): neither idle nor failed, and not spread by the cadence.
    case deferred(retryIn: TimeInterval)
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
        /// What started the poll: the first poll, the timer (the sweep's, when the change feed covers the
        /// project), or the first wake that booked it.
        var trigger: PollTrigger = .start
    }

    /// Starts polling on subscription (the first poll at once); emits each poll's outcome. A poll that errors
    /// counts as `.failed`.
    /// Disposing stops the loop and disposes an in-flight poll (cancelling its requests).
    func outcomes(poll: @escaping @Sendable () -> Single<PollOutcome>) -> Observable<PollOutcome> {
        ticks(poll: poll).map(\.outcome)
    }

    /// Like `outcomes(poll:)`, with the delay chosen before each next poll (the engine's lag watchdog measures
    /// a project against it).
    ///
    /// - Parameters:
    ///   - wakes: Hints that the project changed (the change feed, a webhook), each saying where it came from: each
    ///     starts a poll at once, or right after the poll in flight (which may have read GitLab before the push);
    ///     several before that poll starts make one poll, which the first of them is said to have started.
    ///   - sweep: Asked after each poll: `nil` keeps the adaptive cadence; a value (the change feed covers the
    ///     project) is the wait before the next direct poll, whatever the idle streak — failures still back off,
    ///     but never beyond it.
    func ticks(
        wakes: Observable<PollTrigger> = Observable.never(),
        sweep: @escaping @Sendable () -> TimeInterval? = { nil },
        poll: @escaping @Sendable () -> Single<PollOutcome>
    ) -> Observable<Tick> {
        let cadence = cadence
        let scheduler = scheduler
        let unitRandom = unitRandom
        return Observable.create { observer in
            let run = PollLoopRun(scheduler: scheduler) { run in
                run.inFlight.disposable = poll().subscribe { result in
                    let outcome: PollOutcome
                    switch result {
                    case .success(let value): outcome = value
                    case .failure: outcome = .failed
                    }
                    var delay = run.streaks.record(outcome, cadence: cadence, unitRandom: unitRandom())
                    let sweep = sweep()
                    if let sweep {
                        switch outcome {
                        case .changed, .unchanged: delay = sweep
                        case .failed: delay = min(delay, sweep)
                        case .rateLimited, .deferred: break
                        }
                    }
                    // Book before telling: whoever reacts to the outcome already sees the next poll booked.
                    let (woken, trigger) = run.finished()
                    if let woken {
                        run.book(after: 0, trigger: woken, wake: true)
                    } else {
                        run.book(after: delay, trigger: delay == sweep ? .sweep : .timer, wake: false)
                    }
                    observer.onNext(Tick(outcome: outcome, nextDelay: woken == nil ? delay : 0, trigger: trigger))
                }
            }
            // The first poll runs at once; only the later ones are spread (see `Cadence.phaseAfterFirstPoll`).
            run.book(after: 0, trigger: .start, wake: false)
            let subscription = wakes.subscribe(onNext: { run.wake($0) })
            return Disposables.create(subscription, run.timer, run.inFlight)
        }
    }
}

/// One running loop: the booked next poll, the poll in flight and the wakes that arrived meanwhile.
private final class PollLoopRun: Sendable {
    let timer = SerialDisposable()
    let inFlight = SerialDisposable()
    let streaks = Streaks()
    private let scheduler: any SchedulerType
    private let start: @Sendable (PollLoopRun) -> Void
    private let state = Mutex(State())

    private struct State {
        var polling = false
        /// The first wake that arrived during the poll in flight.
        var wokenWhilePolling: PollTrigger?
        var wakeBooked = false
        /// What started the poll in flight.
        var current = PollTrigger.start
    }

    init(scheduler: any SchedulerType, start: @escaping @Sendable (PollLoopRun) -> Void) {
        self.scheduler = scheduler
        self.start = start
    }

    /// Books the next poll `delay` seconds from now, started by `trigger`, replacing the one booked.
    func book(after delay: TimeInterval, trigger: PollTrigger, wake: Bool) {
        state.withLock { $0.wakeBooked = wake }
        timer.disposable = scheduler.scheduleRelative((), dueTime: .timeInterval(delay)) { [self] _ in
            let begin = state.withLock { state -> Bool in
                // A wake racing a timer that already fired: the poll starting now reads GitLab after the hint.
                guard !state.polling else { return false }
                state.polling = true
                state.wakeBooked = false
                state.current = trigger
                return true
            }
            if begin { start(self) }
            return Disposables.create()
        }
    }

    /// A hint from `trigger`: poll now, or once the poll in flight ends; nothing more when a woken poll is
    /// already booked.
    func wake(_ trigger: PollTrigger) {
        let bookNow = state.withLock { state -> Bool in
            if state.polling {
                if state.wokenWhilePolling == nil { state.wokenWhilePolling = trigger }
                return false
            }
            return !state.wakeBooked
        }
        if bookNow { book(after: 0, trigger: trigger, wake: true) }
    }

    /// The poll ended: the first wake that arrived during it, and what started it.
    func finished() -> (woken: PollTrigger?, trigger: PollTrigger) {
        state.withLock { state in
            defer {
                state.polling = false
                state.wokenWhilePolling = nil
            }
            return (state.wokenWhilePolling, state.current)
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
        let delay = streakDelay(outcome, cadence: cadence, unitRandom: unitRandom)
        // A deferred poll is not one of the loop's polls: the one that completes it is spread like a first poll.
        if case .deferred = outcome { return delay }
        polls += 1
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
        case .deferred(let retryIn):
            return max(0, retryIn)
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
