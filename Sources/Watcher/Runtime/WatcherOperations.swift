import Foundation
import Logging
import RxCore
import Synchronization

/// The operator's view of a running watcher, put together: Prometheus metrics (`WatcherMetrics` on its own
/// registry), health and readiness (`HealthMonitor`), the store's queue gauges (`StoreMetricsSampler`), served by
/// `OperationsServer` on `/metrics`, `/healthz` and `/readyz` when the config's `metrics:` enables it, with the status
/// page (the engine's and the delivery side's live state beside the store's; its admin when a token is configured).
final class WatcherOperations: Sendable {
    /// Where everything records.
    let metrics: WatcherMetrics
    /// Health and readiness.
    let health: HealthMonitor
    /// Instant mode's webhook metrics (recorded only when `hooks:` is configured).
    let hooks: HookMetrics
    /// How often the store's counts are sampled.
    static let sampleInterval: TimeInterval = 15

    private let prometheus: PrometheusMetrics
    private let listen: MetricsConfig
    private let statePath: String
    private let sinkNames: [String]
    private let instanceURLs: [String: URL]
    private let running = Mutex<(server: OperationsServer, following: DisposableBox)?>(nil)

    /// Carries disposables (not `Sendable`) under the mutex; they are only disposed, once, and are thread-safe.
    private struct DisposableBox: @unchecked Sendable {
        let disposable: any Disposable
    }

    /// Creates the metrics and the health monitor for `config`; nothing is served until `start`.
    init(config: GLWatchConfig, scheduler: any SchedulerType) {
        prometheus = PrometheusMetrics()
        metrics = WatcherMetrics(factory: prometheus.factory)
        hooks = HookMetrics(factory: prometheus.factory)
        health = HealthMonitor(
            unhealthyAfter: config.metrics.unhealthyAfter
                ?? HealthMonitor.defaultUnhealthyAfter(ceilings: config.watchTargets.map(\.cadence.ceiling)),
            now: { scheduler.now }
        )
        listen = config.metrics
        statePath = config.state.path
        sinkNames = config.notifier.sinks.map(\.name)
        instanceURLs = Dictionary(config.instances.map { ($0.name, $0.url) }) { first, _ in first }
    }

    /// Follows the engine and samples the store (call before `engine.start()`), then serves the endpoints.
    ///
    /// - parameter breakers: The delivery side's circuit breakers, for the status page.
    /// - parameter requeued: Called when the status page re-queued a dead delivery (to wake the delivery side).
    /// - parameter replicas: This replica's coordinator, among replicas on PostgreSQL: its metrics, and readiness
    ///   only while its database answers.
    /// - returns: The port served on.
    /// - throws: When the address cannot be bound.
    @discardableResult
    func start(
        engine: WatchEngine,
        queries: any StateQueries,
        scheduler: any SchedulerType,
        logger: Logger,
        breakers: (any SinkBreakerSource)? = nil,
        requeued: @escaping @Sendable () -> Void = {},
        replicas: ReplicaCoordinator? = nil
    ) async throws -> Int {
        health.storeOpened()
        let following = CompositeDisposable()
        _ = following.insert(metrics.follow(engine, health: health))
        if let replicas { _ = following.insert(metrics.follow(replicas, health: health)) }
        _ = following.insert(
            StoreMetricsSampler(queries: queries, metrics: metrics, scheduler: scheduler, logger: logger)
                .start(every: Self.sampleInterval)
        )
        // The status page needs the store's full read side; the SQLite store has it (test doubles may not).
        let page = (queries as? any StatusPageStore).map { store in
            StatusPage(
                api: StatusAPI(
                    store: store,
                    statePath: statePath,
                    configuredSinks: sinkNames,
                    startedAt: scheduler.now,
                    health: health,
                    now: { scheduler.now },
                    requests: metrics.requestHistory,
                    engine: engine,
                    breakers: breakers
                ),
                instanceURLs: instanceURLs,
                admin: admin(queries, requeued: requeued, scheduler: scheduler, logger: logger)
            )
        }
        let server = OperationsServer(
            configuration: OperationsServer.Configuration(host: listen.host, port: listen.port),
            metrics: prometheus.registry,
            health: health,
            page: page,
            auth: listen.auth,
            logger: logger
        )
        let port: Int
        do {
            port = try await server.start()
        } catch {
            following.dispose()
            throw error
        }
        running.withLock { $0 = (server, DisposableBox(disposable: following)) }
        logger.notice(
            page == nil ? "serving /metrics, /healthz and /readyz" : "serving /metrics, /healthz, /readyz and the status page",
            metadata: ["listen": "\(listen.host.contains(":") ? "[\(listen.host)]" : listen.host):\(port)"]
        )
        return port
    }

    /// The status page's admin when the config names an admin token, re-queueing through the store's
    /// `DeliveryAdmin` (the running watcher is the state's one writer, so the page writes through it).
    private func admin(
        _ queries: any StateQueries,
        requeued: @escaping @Sendable () -> Void,
        scheduler: any SchedulerType,
        logger: Logger
    ) -> StatusPageAdmin? {
        guard let token = listen.adminToken, let deliveries = queries as? any DeliveryAdmin else { return nil }
        return StatusPageAdmin(
            token: token, deliveries: deliveries, requeued: requeued, now: { scheduler.now }, logger: logger
        )
    }

    /// Stops serving and following.
    func stop() async {
        guard
            let (server, following) = running.withLock({ state in
                defer { state = nil }
                return state
            })
        else {
            return
        }
        following.disposable.dispose()
        await server.stop()
    }
}
