import Foundation
import Logging
import Notifier
import RxCore
import Synchronization

/// One GitLab instance's health as its pipelines see it: tells a whole-instance outage (a revoked or expired
/// token, connection refused, DNS failure) from one project's failure, reports it once, and holds the instance's
/// pipelines on one probe until it answers again.
///
/// ```text
/// poll fails 401/403/transport ─▶ confirm(error) ─▶ one probe (single-flight) ─┬─ answers: the project's own
///                                                                             │  failure; counted as usual
///                                                                             └─ fails: instance down,
///   instance.unreachable once; pipelines wait at whenUp(); re-probe with backoff ─▶ answers: instance.recovered
/// ```
///
/// While the instance is down no project counts failures (no `project.unreachable` per project) and the lag
/// watchdog keeps quiet about its projects. Every wait goes through the injected scheduler.
final class InstanceMonitor: Sendable {
    /// The instance's name, as watch targets and events name it.
    let instance: String
    /// The instance's base URL, for the events.
    let url: String
    private let probe: @Sendable () async -> GitLabError?
    private let authenticated: Bool
    private let scheduler: any SchedulerType
    private let retry: RetryPolicy
    private let random: @Sendable () -> Double
    private let announce: @Sendable (WatchEvent) async -> Void
    private let logger: Logger
    private let state = Mutex(State())
    private let up = BehaviorSubject(value: true)

    private struct State {
        var probing: Task<Bool, Never>?
        var downSince: Date?
        var recoveredAt: Date?
        var attempts = 0
        var nextProbeAt: Date?
        var timer: (any Disposable)?
        var stopped = false
        var lastError: (message: String, at: Date)?
    }

    /// Creates a monitor.
    ///
    /// - parameter probe: One request that any healthy instance answers (`GET /user`, never retried): `nil` when
    ///   it succeeded, else its error.
    /// - parameter authenticated: Whether the instance is used with credentials; without, only a failure to
    ///   connect (not a 401/403) can be the instance's.
    /// - parameter retry: The waits between probes while the instance is down.
    /// - parameter announce: Routes and stores an `instance.*` event (the engine's outbox).
    init(
        instance: String,
        url: String,
        authenticated: Bool,
        scheduler: any SchedulerType,
        retry: RetryPolicy = InstanceMonitor.probeRetry,
        random: @escaping @Sendable () -> Double,
        logger: Logger,
        probe: @escaping @Sendable () async -> GitLabError?,
        announce: @escaping @Sendable (WatchEvent) async -> Void
    ) {
        self.instance = instance
        self.url = url
        self.authenticated = authenticated
        self.scheduler = scheduler
        self.retry = retry
        self.random = random
        self.logger = logger
        self.probe = probe
        self.announce = announce
    }

    /// Probes 15 s after an outage is confirmed, then doubling up to every 5 minutes, for as long as it lasts.
    static let probeRetry = RetryPolicy(initialDelay: 15, maxDelay: 300, jitter: 0.2, giveUpAfter: nil)

    /// Whether the instance is down now (an outage was confirmed and no probe has answered since).
    var isDown: Bool { state.withLock { $0.downSince != nil } }

    /// When the next probe of a down instance is due (`nil` while it is up).
    var nextProbeAt: Date? { state.withLock { $0.nextProbeAt } }

    /// When the instance last recovered from an outage, if it did.
    var recoveredAt: Date? { state.withLock { $0.recoveredAt } }

    /// Since when the instance is down (`nil` while it is up).
    var downSince: Date? { state.withLock { $0.downSince } }

    /// The last error a request to the instance ended with (a failed poll, discovery pass, feed read or probe), and
    /// when: for the status page.
    var lastError: (message: String, at: Date)? { state.withLock { $0.lastError } }

    /// Notes `message` as the instance's last error, unless a later one is already noted.
    func noteError(_ message: String, at time: Date) {
        state.withLock { state in
            if state.lastError.map({ time >= $0.at }) ?? true { state.lastError = (message, time) }
        }
    }

    /// Whether `error` could be the whole instance's rather than one project's: 401 or 403 (only with
    /// credentials), connection failures and timeouts.
    func mayBeInstanceWide(_ error: GitLabError) -> Bool {
        switch error {
        case .transport, .timeout: true
        case .unauthorized, .forbidden: authenticated
        default: false
        }
    }

    /// After a poll failed with `error`: whether the instance is down (so the failure is not the project's).
    ///
    /// Errors that cannot be the instance's answer `false` at once; while the instance is known down, `true` at
    /// once; otherwise one probe answers for every poll that asks meanwhile.
    func confirm(_ error: GitLabError) async -> Bool {
        guard mayBeInstanceWide(error) else { return false }
        let task = state.withLock { state -> Task<Bool, Never>? in
            if state.downSince != nil || state.stopped { return nil }
            if let probing = state.probing { return probing }
            let task = Task { await self.firstProbe() }
            state.probing = task
            return task
        }
        guard let task else { return isDown }
        return await task.value
    }

    /// Completes at once while the instance is up, else when it recovers: where pipelines wait during an outage.
    func whenUp() -> Single<Void> {
        up.asObservable().filter { $0 }.take(1).map { _ in () }.asSingle()
    }

    /// Re-probes at once when the instance is down (the engine starts again after a stop).
    func start() {
        let down = state.withLock { state -> Bool in
            state.stopped = false
            return state.downSince != nil
        }
        if down { scheduleProbe() }
    }

    /// Stops re-probing (the engine stopped).
    func stop() {
        let timer = state.withLock { state -> (any Disposable)? in
            state.stopped = true
            defer { state.timer = nil }
            return state.timer
        }
        timer?.dispose()
    }

    // MARK: Probing

    private func firstProbe() async -> Bool {
        let failure = await probe().flatMap { mayBeInstanceWide($0) ? $0 : nil }
        let now = scheduler.now
        guard let failure else {
            state.withLock { $0.probing = nil }
            return false
        }
        noteError(String(describing: failure), at: now)
        state.withLock { state in
            state.probing = nil
            state.downSince = now
            state.attempts = 0
        }
        up.onNext(false)
        logger.error(
            "GitLab instance unreachable: its projects wait for it to answer again",
            metadata: ["instance": "\(instance)", "url": "\(url)", "error": "\(failure)"]
        )
        await announce(
            .instanceUnreachable(
                instance: instance, url: url, reason: String(describing: failure), httpStatus: failure.status,
                since: now, at: now
            )
        )
        scheduleProbe()
        return true
    }

    private func scheduleProbe() {
        let now = scheduler.now
        let delay = state.withLock { state -> TimeInterval? in
            guard !state.stopped else { return nil }
            state.attempts += 1
            let delay = retry.backoff(afterAttempts: state.attempts, random: random())
            state.nextProbeAt = now.addingTimeInterval(delay)
            return delay
        }
        guard let delay else { return }
        let timer = scheduler.scheduleRelative((), dueTime: .timeInterval(delay)) { [weak self] _ in
            guard let self else { return Disposables.create() }
            _ = Single<Void>.create { await self.reprobe() }.subscribe { _ in }
            return Disposables.create()
        }
        let old = state.withLock { state -> (any Disposable)? in
            defer { state.timer = timer }
            return state.timer
        }
        old?.dispose()
    }

    private func reprobe() async {
        if let failure = await probe(), mayBeInstanceWide(failure) {
            noteError(String(describing: failure), at: scheduler.now)
            logger.warning(
                "GitLab instance still unreachable",
                metadata: ["instance": "\(instance)", "error": "\(failure)"]
            )
            scheduleProbe()
            return
        }
        let now = scheduler.now
        guard let since = state.withLock({ state -> Date? in
            defer {
                state.downSince = nil
                state.recoveredAt = now
                state.nextProbeAt = nil
                state.timer = nil
            }
            return state.downSince
        })
        else { return }
        logger.notice("GitLab instance answers again: its projects resume", metadata: ["instance": "\(instance)"])
        await announce(.instanceRecovered(instance: instance, url: url, unreachableSince: since, at: now))
        up.onNext(true)
    }
}
