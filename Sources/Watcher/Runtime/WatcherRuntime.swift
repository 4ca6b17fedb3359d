import Foundation
import Logging
import Notifier
import RxCore
import Synchronization

/// glwatch's composition root: the one place that builds the live watcher from a config — GitLab clients (one
/// AsyncHTTPClient transport per instance, its auth and private CA), the watch engine over the state store, the
/// rules, and the delivery service with the configured sinks — and runs it.
///
/// ```text
/// config ─▶ GitLab clients ─▶ WatchEngine ─(apply)─▶ state store ─(queue)─▶ DeliveryService ─▶ sinks
///                                  └──────── activity: .stored ─▶ wake ────────┘
///                  other replicas ─(NOTIFY)─▶ ReplicaWakeListener ─▶ wake ─────┘ (and the claim round)
/// ```
///
/// `run(signals:reload:)` is `glwatch run`: SIGHUP reloads, SIGTERM/SIGINT stop (polling first, then the
/// deliveries in flight get `engine.shutdown_grace` to finish; what is still in flight is handed back to the
/// queue). `pollOnce()` is `glwatch once`. `shutdown()` releases the transports; the caller closes the store.
final class WatcherRuntime: Sendable {
    /// The engine (its `activity` drives metrics, progress and delivery wake-ups).
    let engine: WatchEngine
    /// The state store, as the delivery service sees it.
    let queue: any DeliveryQueue
    /// Where the scheduler's time and timers come from.
    let scheduler: any SchedulerType
    let logger: Logger

    /// Metrics and health, when the config enables `/metrics`.
    let operations: WatcherOperations?
    /// This replica's leases, when several replicas share a PostgreSQL database.
    let coordinator: ReplicaCoordinator?
    /// What wakes this replica when another queues deliveries or gives leases back (PostgreSQL).
    let wakeListener: ReplicaWakeListener?

    private let output: any TextOutput
    private let queries: (any StateQueries)?
    /// Every GitLab transport made (a reload with a new URL or CA adds one); all shut down at the end.
    let gitlabTransports: Mutex<[AsyncHTTPClientGitLabTransport]>
    /// Where token files are re-read from.
    let environment: any ConfigEnvironment
    /// Write each rotated OAuth refresh token back to its file.
    private let tokenWriters: [any Disposable]
    /// One client per instance, on the same transport but never retrying: what `glwatch once` checks
    /// reachability with, so a dead host costs one attempt.
    let probes: [String: GitLabClient]
    private let sinkTransport: AsyncHTTPClientTransport
    let current: Mutex<Running>

    /// What the running watcher was built from, and its delivery side (replaced on reload).
    struct Running: @unchecked Sendable {
        // @unchecked: `Task` and the service are Sendable; the config is only read, under the runtime's mutex.
        var config: GLWatchConfig
        var delivery: DeliveryService?
        /// The delivery service being stopped (what its sinks are doing is said while the stop takes long).
        var stopping: DeliveryService?
        var drain: DeliveryDrain?
        var task: Task<Void, Never>?
    }

    /// Builds the watcher; nothing runs yet.
    ///
    /// - parameter store: The state (the engine's `apply` target).
    /// - parameter queue: The delivery queue (the same store).
    /// - parameter output: Where stdout sinks print.
    /// - parameter queries: The store's read side, for the metrics' queue gauges (`nil`: no operations endpoint,
    ///   as for `glwatch once`).
    /// - parameter retry: Replaces every instance's retry policy (`glwatch once` bounds its retries this way).
    /// - parameter environment: Where token files are re-read from while the watcher runs.
    /// - parameter leases: When replicas share the state (PostgreSQL): the engine polls only the projects whose
    ///   lease this replica holds, and records departures only while it leads (`ReplicaCoordinator`).
    /// - parameter wakeups: With `leases`: the other replicas' wake-ups, which wake this one's delivery side and
    ///   claim round at once (`ReplicaWakeListener`); without, both wait for the periodic rounds.
    /// - throws: `CLIError` when an instance's CA file cannot be read.
    init(
        config: GLWatchConfig,
        store: any StateStore,
        queue: any DeliveryQueue,
        queries: (any StateQueries)? = nil,
        output: any TextOutput,
        scheduler: any SchedulerType,
        logger: Logger,
        retry: RetryPolicy? = nil,
        environment: any ConfigEnvironment = ProcessConfigEnvironment(),
        leases: (any ReplicaLeases)? = nil,
        wakeups: (any ReplicaWakeups)? = nil
    ) throws {
        let listener =
            leases == nil ? nil : wakeups.map { ReplicaWakeListener(wakeups: $0, scheduler: scheduler, logger: logger) }
        wakeListener = listener
        let coordinator = leases.map {
            ReplicaCoordinator(
                leases: $0, scheduler: scheduler, logger: logger, wakeups: wakeups,
                hearing: { listener?.isListening ?? false }
            )
        }
        let operations =
            queries != nil && config.metrics.enabled
            ? WatcherOperations(config: config, scheduler: scheduler) : nil
        var clients: [String: GitLabClient] = [:]
        var probes: [String: GitLabClient] = [:]
        var transports: [AsyncHTTPClientGitLabTransport] = []
        for instance in config.instances {
            let transport: AsyncHTTPClientGitLabTransport
            do {
                transport = try AsyncHTTPClientGitLabTransport(configuration: instance.transportConfiguration)
            } catch {
                for built in transports { Task { try? await built.shutdown() } }
                throw CLIError("gitlab instance \(instance.name): \(error)")
            }
            transports.append(transport)
            var clientConfiguration = instance.clientConfiguration(userAgent: "glwatch/\(GLWatchVersion.current)")
            clientConfiguration.logger = logger
            if let retry { clientConfiguration.retry = retry }
            var probeConfiguration = clientConfiguration
            probeConfiguration.retry = .gitLab(maximumRetries: 0)
            let credentials = instance.tokenFileCredentials(
                environment: environment, now: { scheduler.now }, logger: logger
            )
            probes[instance.name] = GitLabClient(
                host: instance.url, auth: instance.probeAuth, transport: transport, scheduler: scheduler,
                configuration: probeConfiguration, credentials: credentials
            )
            clients[instance.name] = GitLabClient(
                host: instance.url,
                auth: instance.auth,
                transport: operations.map {
                    MeteredGitLabTransport(wrapping: transport, metrics: $0.metrics, clock: scheduler)
                } ?? transport,
                scheduler: scheduler,
                configuration: clientConfiguration,
                credentials: credentials
            )
        }
        engine = WatchEngine(
            clients: clients,
            targets: config.watchTargets,
            store: operations.map { MeteredStateStore(base: store, metrics: $0.metrics) } ?? store,
            router: config.notifier.router,
            scheduler: scheduler,
            configuration: config.engine.configuration,
            logger: logger,
            leases: coordinator
        )
        self.coordinator = coordinator
        self.queue = queue
        self.queries = queries
        self.operations = operations
        self.scheduler = scheduler
        self.logger = logger
        self.output = output
        tokenWriters = config.instances.compactMap { instance in
            guard let path = instance.oauthRefreshTokenFile, let client = clients[instance.name] else { return nil }
            return RefreshTokenFile(path: path).follow(client, instance: instance.name, logger: logger)
        }
        gitlabTransports = Mutex(transports)
        self.environment = environment
        self.probes = probes
        sinkTransport = AsyncHTTPClientTransport()
        current = Mutex(Running(config: config))
    }

    /// The configuration in force.
    var config: GLWatchConfig { current.withLock { $0.config } }

    /// The configured sinks, live (sending through the shared HTTP client, printing to the output).
    func makeSinks(_ notifier: NotifierConfiguration) -> [any Sink] {
        notifier.makeSinks(transport: sinkTransport, output: output)
    }

    /// Shuts the HTTP clients down (after `run` returned, or after `pollOnce`).
    func shutdown() async {
        for writer in tokenWriters { writer.dispose() }
        for transport in gitlabTransports.withLock({ $0 }) { try? await transport.shutdown() }
        try? await sinkTransport.shutdown()
    }

    // MARK: glwatch run

    /// Runs until SIGTERM or SIGINT: polls every target, delivers as deliveries are queued, reloads on SIGHUP
    /// with `reload()` (an invalid config is logged and the running one kept).
    func run(signals: AsyncStream<RuntimeSignal>, reload: @escaping @Sendable () throws -> GLWatchConfig) async {
        let engine = self.engine
        let progress = BaselineProgress(
            watchedCount: { engine.watchedProjects.count },
            isComplete: { engine.isBaselineComplete },
            logger: logger
        )
        let activity = engine.activity.subscribe(onNext: { [self] event in
            if case .stored(_, _, let deliveries) = event, deliveries > 0 { wakeDelivery() }
            progress.record(event)
        })
        var rateLimits: [any Disposable] = []
        if let operations, let queries {
            rateLimits = engine.clients.values.map { operations.metrics.follow($0.rateLimiter) }
            do {
                try await operations.start(
                    engine: engine, queries: queries, scheduler: scheduler, logger: logger, breakers: self,
                    requeued: { [weak self] in self?.wakeDelivery() }, replicas: coordinator
                )
            } catch {
                logger.error(
                    "cannot serve /metrics; watching without it",
                    metadata: ["listen": "\(config.metrics.listen)", "error": "\(error)"]
                )
            }
        }
        startDelivery(config.notifier)
        let hooks = await startHooks()  // before the engine: early hooks are answered (first polls run at once)
        // Among replicas, the first round (heartbeat, leadership) runs before the first discovery pass.
        if let coordinator { await coordinator.tick(engine: engine) }
        let polling = engine.start()
        let coordination = coordinator?.start(engine: engine, afterRound: { [weak self] in self?.wakeDelivery() })
        let listening = wakeListener?.start(
            deliveries: { [weak self] in self?.wakeDelivery() },
            leases: { [coordinator] in coordinator?.wake() },
            hints: { [engine] forwarded in engine.forwardedHint(forwarded) },
            discovered: { [engine] in engine.takeUpLeaderListings() },
            heardAgain: { [engine] in engine.wakeFeedCoveredProjects() }
        )
        let tokenChecks = tokenExpiryCheck.repeatDaily()
        logStarted()
        for await signal in signals {
            if case .stop(let name) = signal {
                logger.notice(
                    "stopping: polls end now, deliveries in flight may finish",
                    metadata: ["signal": "\(name)"]
                )
                break
            }
            await self.reload(reload)
        }
        let steps = ShutdownSteps(logger: logger)
        await steps.run("the webhook listener") { await hooks?.stop() }
        listening?.dispose()
        coordination?.dispose()
        polling.dispose()
        tokenChecks.dispose()
        await steps.run("the last write of idle polls") { await engine.flushIdlePolls() }
        let grace = config.engine.shutdownGrace
        await steps.run("deliveries in flight", patience: .seconds(grace + 10), detail: { [self] in deliveryActivity() }) {
            await stopDelivery()
        }
        activity.dispose()
        progress.finish()
        for disposable in rateLimits { disposable.dispose() }
        await steps.run("the operations endpoints") { await operations?.stop() }
    }

    private func logStarted() {
        let config = self.config
        logger.notice(
            "glwatch started",
            metadata: [
                "version": "\(GLWatchVersion.current)",
                "instances": "\(config.instances.map(\.description).joined(separator: "; "))",
                "targets": "\(config.watchTargets.count)",
                "sinks": "\(config.notifier.sinks.map(\.name).joined(separator: ", "))",
                "rules": "\(config.notifier.rules.rules.count)",
            ]
        )
        logWarnings(of: config)
    }

    /// Logs the config's warnings (an unused sink, an empty watch list), one line each with its position, as
    /// `glwatch check` prints them: they do not stop the watcher, but nobody should have to run `check` to see them.
    func logWarnings(of config: GLWatchConfig) {
        for warning in config.warnings { logger.warning("\(warning.description)") }
    }
}

extension WatcherRuntime: SinkBreakerSource {}

/// What `glwatch run` reacts to.
enum RuntimeSignal: Sendable, Equatable {
    /// SIGHUP: reload the config and rules.
    case reload
    /// SIGTERM or SIGINT: stop.
    case stop(String)
}
