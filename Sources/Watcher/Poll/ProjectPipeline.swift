import Foundation
import Notifier
import RxCore
import Synchronization

/// One project's pipeline: its poll loop (`PollLoop`), run through its host's lane (`HostLane`), with what the
/// lag watchdog needs to know about it.
///
/// `poll` does the work of one poll (in production `ProjectPoller.poll()` with the events it stored); the
/// pipeline adds the host cap, the rate-limit pause, the poll timeout, one-poll-at-a-time and the reports.
final class ProjectPipeline: Sendable {
    /// The project.
    let key: ProjectKey
    /// The target that watches it.
    let target: WatchTarget
    /// Its host's lane.
    let lane: HostLane
    /// Its instance's health: the loop's polls wait here while the whole instance is down.
    let instance: InstanceMonitor?
    /// Re-fetches the project record on the next poll (renames, archiving, a new default branch).
    let refreshProjectInfo: @Sendable () -> Void
    /// Tells the next poll what a hint said was pushed (`ProjectPoller.expectPush(_:)`).
    private let expectPush: @Sendable (HintedPush) -> Void
    /// Routes later polls' events with new rules.
    let replaceRouter: @Sendable (EventRouter) -> Void
    private let poll: @Sendable () -> Single<PollResult>
    /// Where its waits happen.
    let scheduler: any SchedulerType
    private let pollTimeout: TimeInterval
    private let report: @Sendable (PollReport) -> Void
    /// The wait before the next direct poll when the change feed covers the project (`nil`: the cadence's).
    let sweep: @Sendable () -> TimeInterval?
    private let wakes = PublishSubject<PollTrigger>()
    private let state: Mutex<State>

    private struct State {
        var path: String
        var defaultBranch: String?
        var busy = false
        var startedAt: Date?
        var lastCompletedAt: Date?
        var lastDelay: TimeInterval?
        var laggingReported = false
        var lastTrigger: PollTrigger?
        var hasBaseline = false
        var pending: PollReport?
        var loop: (any Disposable)?
    }

    /// Creates a pipeline; nothing runs until `start(random:)` or `pollOnce()`.
    ///
    /// `sweep` is asked after each poll: `nil` keeps the target's adaptive cadence; a value (the change feed
    /// covers the project) is the wait before the next direct poll (see `PollLoop.ticks(wakes:sweep:poll:)`).
    init(
        key: ProjectKey,
        path: String,
        target: WatchTarget,
        lane: HostLane,
        instance: InstanceMonitor? = nil,
        scheduler: any SchedulerType,
        pollTimeout: TimeInterval,
        poll: @escaping @Sendable () -> Single<PollResult>,
        refreshProjectInfo: @escaping @Sendable () -> Void = {},
        expectPush: @escaping @Sendable (HintedPush) -> Void = { _ in },
        replaceRouter: @escaping @Sendable (EventRouter) -> Void = { _ in },
        sweep: @escaping @Sendable () -> TimeInterval? = { nil },
        report: @escaping @Sendable (PollReport) -> Void
    ) {
        self.key = key
        self.target = target
        self.lane = lane
        self.instance = instance
        self.scheduler = scheduler
        self.pollTimeout = pollTimeout
        self.poll = poll
        self.refreshProjectInfo = refreshProjectInfo
        self.expectPush = expectPush
        self.replaceRouter = replaceRouter
        self.report = report
        self.sweep = sweep
        self.state = Mutex(State(path: path))
    }

    /// The project's path as last seen.
    var path: String {
        get { state.withLock { $0.path } }
        set { state.withLock { $0.path = newValue } }
    }

    /// The project's default branch as discovery last listed it (`nil` before, or for an empty repository).
    var defaultBranch: String? {
        get { state.withLock { $0.defaultBranch } }
        set { state.withLock { $0.defaultBranch = newValue } }
    }

    /// Whether a poll has found (or written) the project's baseline in the store.
    var hasBaseline: Bool { state.withLock { $0.hasBaseline } }

    // MARK: Running

    /// Starts the poll loop (its first poll at once, later ones at a random phase of the target's base interval);
    /// `stop()` ends it.
    func start(random: @escaping @Sendable () -> Double) {
        let ticks = stream(random: random)
        let now = scheduler.now
        let subscription = SingleAssignmentDisposable()
        let old = state.withLock { state -> (any Disposable)? in
            defer {
                state.loop = subscription
                state.startedAt = now
            }
            return state.loop
        }
        old?.dispose()
        subscription.setDisposable(
            ticks.subscribe(onNext: { [weak self] tick in
                // Reported once the loop has booked the next poll, so observers see a consistent pipeline.
                guard let self else { return }
                let report = self.state.withLock { state -> PollReport? in
                    state.lastDelay = tick.nextDelay
                    state.lastTrigger = tick.trigger
                    defer { state.pending = nil }
                    return state.pending.map { report in
                        var report = report
                        report.trigger = tick.trigger
                        return report
                    }
                }
                if let report { self.report(report) }
            })
        )
    }

    /// A hint that the project changed (`trigger`: the change feed or a webhook): polls it at once through the host
    /// lane, or right after the poll in flight; hints arriving before that poll starts make one poll. Ignored while
    /// not started. `pushed`: the branch pushes the hints name (none for a tag push, a rename, or a catch-up after
    /// hints may have been missed); the poll is told to expect them (`expectPush`), and reads a branch they alone
    /// name with its new commits in one request.
    func wake(_ trigger: PollTrigger, pushed: [HintedPush] = []) {
        for push in pushed { expectPush(push) }
        wakes.onNext(trigger)
    }

    /// Stops the loop and cancels a poll in flight.
    func stop() {
        let loop = state.withLock { state -> (any Disposable)? in
            defer { state.loop = nil }
            return state.loop
        }
        loop?.dispose()
    }

    /// One poll through the host lane, now (for `glwatch once`, which does not wait for a down instance); `nil`
    /// when a poll of the project is already running (it is not doubled).
    func pollOnce() -> Single<PollReport?> {
        laneRun(waitForInstance: false).do(onSuccess: { [weak self] report in
            if let report { self?.report(report) }
        })
    }

    /// The hints that the project changed (`wake(_:)`).
    var hints: Observable<PollTrigger> { wakes.asObservable() }

    /// Keeps a finished poll's report until the loop has booked the next poll (see `start(random:)`).
    func hold(_ report: PollReport?) {
        state.withLock { $0.pending = report }
    }

    /// One poll through the lane; with `waitForInstance`, it first waits (outside the lane, holding no slot) while
    /// the instance is down.
    func laneRun(waitForInstance: Bool) -> Single<PollReport?> {
        Single.deferred { [self] in
            let entered = state.withLock { state -> Bool in
                guard !state.busy else { return false }
                state.busy = true
                return true
            }
            guard entered else { return Single.just(nil) }
            var report: PollReport?
            let started = Mutex<Date?>(nil)
            let work = Single.deferred { [self] in
                started.withLock { $0 = scheduler.now }
                return poll()
                    .timeout(.timeInterval(pollTimeout), scheduler: scheduler)
                    .catch { [pollTimeout] error in
                        let reason =
                            error is RxError ? "no answer within the poll timeout (\(Int(pollTimeout)) s)" : "\(error)"
                        return Single.just(PollResult(outcome: .failed, failure: reason))
                    }
            }
            .map { [self] result -> PollOutcome in
                let start = started.withLock { $0 } ?? scheduler.now
                let now = scheduler.now
                if result.baselined { state.withLock { $0.hasBaseline = true } }
                report = PollReport(
                    project: key,
                    path: path,
                    startedAt: start,
                    duration: now.timeIntervalSince(start),
                    outcome: result.outcome,
                    eventsStored: result.eventsStored,
                    deliveriesQueued: result.deliveriesQueued,
                    failure: result.failure,
                    baselined: result.baselined,
                    stalled: result.stalled
                )
                return result.outcome
            }
            let laned = lane.run(work)
            let gated = waitForInstance ? instance.map { $0.whenUp().flatMap { _ in laned } } ?? laned : laned
            return gated
                .map { [self] _ -> PollReport? in
                    let finished = report
                    state.withLock { state in
                        state.busy = false
                        state.lastCompletedAt = scheduler.now
                        state.laggingReported = false
                    }
                    return finished
                }
                .do(onDispose: { [self] in state.withLock { $0.busy = false } })
        }
    }

    // MARK: Live status

    /// What the status page shows beside the stored state: whether the lag watchdog reported the project (until its
    /// next poll completes), and what started its last completed poll.
    var liveStatus: ProjectLiveStatus {
        state.withLock { ProjectLiveStatus(lagging: $0.laggingReported, wokenBy: $0.lastTrigger) }
    }

    // MARK: Lag

    /// How many intervals the project is behind, when it has not completed a poll for `threshold` of its
    /// intervals (and was not reported for this stretch yet); marks it reported. `nil` while the host is paused or
    /// its instance is down, and counted from the instance's recovery when that came later.
    func lag(threshold: Int, now: Date) -> (missedIntervals: Int, lastPollAt: Date?, interval: TimeInterval)? {
        guard !lane.isPaused, instance?.isDown != true else { return nil }
        let base = target.cadence.base
        let recovered = instance?.recoveredAt ?? .distantPast
        return state.withLock { state in
            guard state.loop != nil, !state.laggingReported, let last = state.lastCompletedAt ?? state.startedAt
            else { return nil }
            let since = max(last, recovered)
            let interval = max(base, state.lastDelay ?? base)
            let missed = Int(now.timeIntervalSince(since) / interval)
            guard missed >= threshold else { return nil }
            state.laggingReported = true
            return (missed, state.lastCompletedAt, interval)
        }
    }
}
