import Foundation
import Logging
import Notifier
import RxCore
import Synchronization

/// glwatch's watch engine: turns the configured targets into running pipelines and GitLab into stored events.
///
/// ```text
/// target ─ discovery (own, slower cadence) ─┐
///                                           ├─ project pipeline: PollLoop → HostLane → ProjectPoller → store
/// target ─ discovery ───────────────────────┘         (one per project; the lane caps polls per host
///                                                      and pauses them all while GitLab rate-limits it)
/// watchdog ─ watcher.lagging for projects that stopped completing polls
/// change feed ─ hints wake the pipelines of the projects pushed to; covered projects otherwise poll on the sweep
/// ```
///
/// `start()` runs every pipeline until disposed (`glwatch run`); `pollAllOnce()` runs one discovery pass and one
/// poll of every project (`glwatch once`). Everything the engine does is published on `activity`, including
/// `.stored` when deliveries were queued (call `DeliveryService.wake()`). `replace(targets:)` and
/// `replace(router:)` apply a reloaded configuration without losing the state of what did not change.
///
/// All waiting goes through `scheduler` and all randomness through `random`, so tests run in virtual time.
package final class WatchEngine: Sendable {
    /// The clients, by instance name (`WatchTarget.instance`).
    let clients: [String: GitLabClient]
    /// Where state and events are written.
    let store: any StateStore
    /// Where every wait is scheduled; its clock stamps events.
    let scheduler: any SchedulerType
    /// Engine-wide settings.
    let configuration: EngineConfiguration
    let logger: Logger
    /// Values in `0..<1` for jitter and initial phases.
    let random: @Sendable () -> Double
    /// One lane per host, shared by every target and client of that host.
    let lanes: [String: HostLane]
    /// The times of idle polls, written in batches (`flushIdlePolls()`).
    let idlePolls: IdlePollLedger
    /// The change feeds, by instance (`configuration.feed`); empty without.
    let feeds: [String: ChangeFeed]
    /// Each instance's health: one `instance.unreachable` per outage, and its pipelines wait on one probe.
    let monitors: [String: InstanceMonitor]
    /// The projects this replica holds, when replicas share the work (`nil`: it owns every project and leads).
    let leases: (any ProjectLeaseFilter)?

    let currentRouter: Mutex<EventRouter>
    /// The targets whose discovery a webhook or the leader's new lists woke and that still runs, each with whether
    /// it was woken again meanwhile (it then runs once more: what woke it may be newer than what it read), and
    /// whether that wake wants GitLab listed.
    let wokenDiscoveries = Mutex<[Int: (again: Bool, fromGitLab: Bool)]>([:])
    /// When each project's last hook was written to the store (`WatchEngine+Hooks`): a flood is one write a second.
    let hookWrites = Mutex<[ProjectKey: Date]>([:])
    let registry: Mutex<EngineRegistry>
    let subject = PublishSubject<EngineActivity>()

    /// Creates an engine; nothing runs until `start()` or `pollAllOnce()`.
    ///
    /// - Parameters:
    ///   - clients: One client per GitLab instance, keyed by the instance name targets use.
    ///   - targets: What to watch. A target naming an instance without a client is reported as a failed
    ///     discovery (and logged) rather than ignored.
    ///   - store: The state store; its `apply` is the only commit point.
    ///   - router: The rules that plan deliveries for each event.
    ///   - scheduler: Where every wait happens (a live scheduler in production, `TestScheduler` in tests).
    ///   - random: Values in `0..<1` for jitter.
    ///   - leases: When replicas share the work: which projects this one polls, and whether it leads.
    package init(
        clients: [String: GitLabClient],
        targets: [WatchTarget],
        store: any StateStore,
        router: EventRouter,
        scheduler: any SchedulerType,
        configuration: EngineConfiguration = EngineConfiguration(),
        logger: Logger,
        random: any RandomSource = SystemRandomSource(),
        leases: (any ProjectLeaseFilter)? = nil
    ) {
        self.clients = clients
        self.leases = leases
        self.store = store
        self.idlePolls = IdlePollLedger(store: store)
        self.scheduler = scheduler
        self.configuration = configuration
        self.logger = logger
        self.random = { random.nextUnit() }
        self.currentRouter = Mutex(router)
        var registry = EngineRegistry()
        for target in targets { registry.add(target) }
        self.registry = Mutex(registry)
        self.feeds = Self.makeFeeds(configuration: configuration, clients: clients, targets: targets)
        var lanes: [String: HostLane] = [:]
        let subject = subject
        let laneLogger = logger
        for client in clients.values where lanes[client.laneName] == nil {
            let host = client.laneName
            lanes[host] = HostLane(
                host: host,
                limit: configuration.maxConcurrentPollsPerHost,
                defaultPause: configuration.defaultRateLimitPause,
                scheduler: scheduler
            ) { change in
                switch change {
                case .paused(let until):
                    laneLogger.notice(
                        "GitLab rate-limits the host: pausing its polls",
                        metadata: ["host": "\(host)", "until": "\(until)"]
                    )
                    subject.onNext(.hostPaused(host: host, until: until))
                case .resumed:
                    laneLogger.info("host rate limit over: resuming its polls", metadata: ["host": "\(host)"])
                    subject.onNext(.hostResumed(host: host))
                }
            }
        }
        self.lanes = lanes
        let weak = WeakEngine()
        self.monitors = Self.makeMonitors(
            clients: clients, scheduler: scheduler, random: { random.nextUnit() }, logger: logger, engine: weak
        )
        weak.value = self
        // The instances' last errors come from the activity, like any observer's view (lives as long as the engine).
        _ = subject.subscribe(onNext: { [weak self] activity in self?.noteInstanceErrors(activity) })
    }

    /// Everything the engine does: polls, discovery passes, host pauses, lagging projects, stored deliveries.
    ///
    /// A hot stream: subscribe before `start()` to see everything. Elements arrive on whichever thread finished
    /// the work.
    package var activity: Observable<EngineActivity> { subject.asObservable() }

    /// The rules events are routed with now.
    var router: EventRouter { currentRouter.withLock { $0 } }

    /// The projects watched now, with their paths, ordered by key.
    var watchedProjects: [(key: ProjectKey, path: String)] {
        registry.withLock { $0.pipelines.values.map { ($0.key, $0.path) } }.sorted { $0.key < $1.key }
    }

    // MARK: Running

    /// Runs every pipeline until the returned disposable is disposed: each target's discovery, each project's
    /// poll loop, the hosts' rate-limit watch and the lag watchdog. Disposing cancels polls in flight (their
    /// transaction either happened or did not; the next run picks up from the store). The engine runs once at a
    /// time: a second `start()` while it runs is logged and does nothing.
    package func start() -> any Disposable {
        let (wasRunning, pipelines, entries) = registry.withLock { registry in
            defer { registry.isRunning = true }
            return (registry.isRunning, Array(registry.pipelines.values), registry.entries)
        }
        guard !wasRunning else {
            logger.error("WatchEngine.start() called while the engine runs; ignored")
            return Disposables.create()
        }
        let subscriptions = CompositeDisposable()
        for client in clients.values {
            guard let lane = lanes[client.laneName] else { continue }
            _ = subscriptions.insert(
                client.rateLimit.subscribe(onNext: { state in
                    if let until = state.throttledUntil { lane.pause(until: until) }
                })
            )
        }
        for monitor in monitors.values { monitor.start() }
        for pipeline in pipelines { pipeline.start(random: random) }
        for entry in entries { startDiscovery(entry.id) }
        _ = subscriptions.insert(startFeeds())
        _ = subscriptions.insert(startWatchdog())
        _ = subscriptions.insert(startIdlePollFlushes())
        return Disposables.create { [self] in
            subscriptions.dispose()
            for monitor in monitors.values { monitor.stop() }
            let (pipelines, discoveries) = registry.withLock { registry in
                registry.isRunning = false
                return (Array(registry.pipelines.values), registry.entries.compactMap(\.discovery))
            }
            for discovery in discoveries { discovery.dispose() }
            for pipeline in pipelines { pipeline.stop() }
        }
    }

    /// One discovery pass of every target, then one poll of every project (respecting the host cap): what
    /// `glwatch once` does. Never throws: failures are counted in the report.
    package func pollAllOnce() async -> CycleReport {
        let ids = registry.withLock { $0.entries.map(\.id) }
        var discoveries: [DiscoveryReport] = []
        for id in ids {
            if let report = await discover(id) { discoveries.append(report) }
        }
        let pipelines = registry.withLock { Array($0.pipelines.values) }
        let scheduler = scheduler
        let polls = await withTaskGroup(of: PollReport?.self) { group in
            for pipeline in pipelines {
                group.addTask { await Self.pollToTheEnd(pipeline, scheduler: scheduler) }
            }
            var polls: [PollReport] = []
            for await report in group {
                if let report { polls.append(report) }
            }
            return polls
        }
        await flushIdlePolls()
        return CycleReport(polls: polls.sorted { $0.project < $1.project }, discoveries: discoveries)
    }

    /// One poll of `pipeline` now; when it defers (a baseline waiting for GitLab's late push events), again once
    /// the wait it asked for has passed (at most three times). `nil` when a poll of the project was running.
    static func pollToTheEnd(_ pipeline: ProjectPipeline, scheduler: any SchedulerType) async -> PollReport? {
        var report = (try? await pipeline.pollOnce().value) ?? nil
        for _ in 0..<3 {
            guard case .deferred(let wait)? = report?.outcome else { break }
            await SchedulerSleeper(scheduler: scheduler).sleep(for: .seconds(wait))
            report = (try? await pipeline.pollOnce().value) ?? nil
        }
        return report
    }

    /// Writes the times of idle polls not yet stored, in one transaction. `start()` does it every
    /// `idlePollFlushInterval`; call it once more after disposing the engine, before closing the store.
    func flushIdlePolls() async {
        do {
            try await idlePolls.flush()
        } catch {
            logger.warning(
                "cannot store the times of idle polls; retrying with the next flush",
                metadata: ["projects": "\(idlePolls.pendingCount)", "error": "\(error)"]
            )
        }
    }

    /// Flushes idle polls every `idlePollFlushInterval` until disposed.
    private func startIdlePollFlushes() -> any Disposable {
        let interval = configuration.idlePollFlushInterval
        return scheduler.scheduleRecursive((), dueTime: .timeInterval(interval)) { [weak self] _, recurse in
            guard let self else { return }
            _ = Single<Void>.create { await self.flushIdlePolls() }.subscribe { _ in }
            recurse.schedule((), dueTime: .timeInterval(interval))
        }
    }

    // MARK: Reloading

    /// Routes every later event with `router` (SIGHUP reload); polls in flight keep the rules they started with.
    func replace(router: EventRouter) {
        currentRouter.withLock { $0 = router }
        for pipeline in registry.withLock({ Array($0.pipelines.values) }) {
            pipeline.replaceRouter(router)
        }
    }

    /// Watches `targets` from now on (SIGHUP reload): targets that did not change keep their projects, state
    /// and cadence; new ones start (with a discovery pass); removed ones stop, and their projects are marked
    /// `removed` in the store unless another target still watches them. Once that is recorded, `activity`
    /// publishes a `.discovered` report with the scope `configuration reload`.
    func replace(targets: [WatchTarget]) {
        let (started, stopped) = registry.withLock { $0.replace(targets) }
        for discovery in stopped { discovery.dispose() }
        let change = reconcile()
        let running = registry.withLock { $0.isRunning }
        apply(change, running: running)
        if running {
            for id in started { startDiscovery(id) }
        }
        let report = DiscoveryReport(
            scope: "configuration reload",
            instance: "",
            startedAt: scheduler.now,
            added: change.added.map(\.key),
            removed: change.removed.map(\.key),
            renamed: []
        )
        let isLeader = self.isLeader  // among replicas, the leader records departures
        _ = Single<Void>.create { [self] in
            if isLeader { await recordRemoved(change.removed) }
            subject.onNext(.discovered(report))
        }
        .subscribe { _ in }
    }
}
