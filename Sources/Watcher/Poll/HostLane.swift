import Foundation
import RxCore
import Synchronization

/// The polls of one GitLab host: at most `limit` run at a time, shared by every target on the host, and all of
/// them wait together while GitLab rate-limits the host.
///
/// A poll enters the lane when its pipeline's tick comes; it starts as soon as a slot is free and the host is not
/// paused, in arrival order. A poll that finds the host rate-limited (`PollOutcome.rateLimited`) pauses the lane
/// for as long as GitLab asked, and so does the client's own rate-limit signal (`pause(until:)`): polls arriving
/// meanwhile wait, and their pipelines' next ticks are pushed back with them. Everything runs on the injected
/// scheduler, so tests drive it in virtual time.
final class HostLane: Sendable {
    /// A change of the lane's pause, for the engine's activity stream.
    enum Change: Sendable, Equatable {
        /// The host is paused (or the pause was extended) until `until`.
        case paused(until: Date)
        /// The pause is over; waiting polls start.
        case resumed
    }

    /// The host (`gitlab.example.com`).
    let host: String
    /// Polls running at once.
    let limit: Int
    /// How long to pause when GitLab rate-limits without saying for how long.
    let defaultPause: TimeInterval
    private let scheduler: any SchedulerType
    private let onChange: @Sendable (Change) -> Void
    private let state = Mutex(State())

    private struct State {
        var running = 0
        var waiting: [HostLaneTicket] = []
        var pausedUntil: Date?
        var resumeTimer: (any Disposable)?
        var resumeTimerDue: Date?
    }

    /// Creates a lane.
    init(
        host: String,
        limit: Int,
        defaultPause: TimeInterval = 60,
        scheduler: any SchedulerType,
        onChange: @escaping @Sendable (Change) -> Void = { _ in }
    ) {
        self.host = host
        self.limit = max(1, limit)
        self.defaultPause = defaultPause
        self.scheduler = scheduler
        self.onChange = onChange
    }

    /// Runs `poll` when a slot is free and the host is not paused. Disposing before it started removes it from
    /// the queue; disposing while it runs cancels it and frees its slot.
    func run(_ poll: Single<PollOutcome>) -> Single<PollOutcome> {
        Single.create { observer in
            let ticket = HostLaneTicket(poll: poll, observer: observer, lane: self)
            self.state.withLock { $0.waiting.append(ticket) }
            self.drain()
            return Disposables.create { self.cancel(ticket) }
        }
    }

    /// Holds every poll of the host back until `date` (GitLab's rate-limit signal).
    func pause(until date: Date) {
        let extended = state.withLock { state -> Bool in
            guard date > scheduler.now, date > (state.pausedUntil ?? .distantPast) else { return false }
            state.pausedUntil = date
            return true
        }
        guard extended else { return }
        onChange(.paused(until: date))
        armResumeTimer(at: date)
    }

    /// Whether the host is paused now.
    var isPaused: Bool { pausedUntil != nil }

    /// Until when the host is paused, while it is (`nil` once the pause is over).
    var pausedUntil: Date? {
        let now = scheduler.now
        return state.withLock { state in state.pausedUntil.flatMap { $0 > now ? $0 : nil } }
    }

    /// Polls running now.
    var running: Int { state.withLock { $0.running } }

    // MARK: Slots

    /// Called by a ticket when its poll ends.
    fileprivate func finished(_ outcome: PollOutcome?) {
        if case .rateLimited(let retryAfter) = outcome {
            pause(until: scheduler.now.addingTimeInterval(retryAfter ?? defaultPause))
        }
        state.withLock { $0.running -= 1 }
        drain()
    }

    private func cancel(_ ticket: HostLaneTicket) {
        let wasWaiting = state.withLock { state -> Bool in
            guard let index = state.waiting.firstIndex(where: { $0 === ticket }) else { return false }
            state.waiting.remove(at: index)
            return true
        }
        if !wasWaiting { ticket.cancel() }
    }

    /// Starts waiting polls while slots are free and the host is not paused.
    private func drain() {
        let now = scheduler.now
        var rearmAt: Date?
        let (starting, resumed) = state.withLock { state -> ([HostLaneTicket], Bool) in
            var resumed = false
            if let until = state.pausedUntil {
                guard until <= now else {
                    // Still paused (a timer of an earlier pause fired): make sure one fires when this one ends.
                    if state.resumeTimerDue != until { rearmAt = until }
                    return ([], false)
                }
                state.pausedUntil = nil
                resumed = true
            }
            var starting: [HostLaneTicket] = []
            while state.running < limit, !state.waiting.isEmpty {
                starting.append(state.waiting.removeFirst())
                state.running += 1
            }
            return (starting, resumed)
        }
        if let rearmAt { armResumeTimer(at: rearmAt) }
        if resumed { onChange(.resumed) }
        for ticket in starting { ticket.start() }
    }

    private func armResumeTimer(at date: Date) {
        let delay = RxTimeInterval.timeInterval(date.timeIntervalSince(scheduler.now))
        let timer = scheduler.scheduleRelative((), dueTime: delay) { [weak self] _ in
            self?.drain()
            return Disposables.create()
        }
        let old = state.withLock { state -> (any Disposable)? in
            // Keep the latest-due timer: a pause racing this one may have armed a later one already.
            guard date >= (state.resumeTimerDue ?? .distantPast) else { return timer }
            defer {
                state.resumeTimer = timer
                state.resumeTimerDue = date
            }
            return state.resumeTimer
        }
        old?.dispose()
    }
}

/// One poll waiting for or holding a slot of a `HostLane`.
private final class HostLaneTicket: @unchecked Sendable {
    // @unchecked: `observer` is only called once, guarded by `phase`; the poll and observer are only read.
    private enum Phase { case waiting, running, done }

    private let poll: Single<PollOutcome>
    private let observer: (Result<PollOutcome, any Error>) -> Void
    private let lane: HostLane
    private let phase = Mutex(Phase.waiting)
    private let subscription = SerialDisposable()

    init(poll: Single<PollOutcome>, observer: @escaping (Result<PollOutcome, any Error>) -> Void, lane: HostLane) {
        self.poll = poll
        self.observer = observer
        self.lane = lane
    }

    /// Starts the poll in the slot the lane reserved for it.
    func start() {
        let begin = phase.withLock { phase -> Bool in
            guard phase == .waiting else { return false }
            phase = .running
            return true
        }
        guard begin else {
            lane.finished(nil)
            return
        }
        subscription.disposable = poll.subscribe { result in
            let end = self.phase.withLock { phase -> Bool in
                guard phase == .running else { return false }
                phase = .done
                return true
            }
            guard end else { return }
            self.lane.finished(try? result.get())
            self.observer(result)
        }
    }

    /// Disposed while running (or between being dequeued and started): frees the slot.
    func cancel() {
        let wasRunning = phase.withLock { phase -> Bool in
            defer { phase = .done }
            return phase == .running
        }
        subscription.dispose()
        if wasRunning { lane.finished(nil) }
    }
}
