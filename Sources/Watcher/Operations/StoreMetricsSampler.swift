import Foundation
import Logging
import RxCore
import Synchronization

/// Samples the store's counts into the metrics on a timer: delivery queue depth, dead letters and the oldest
/// waiting delivery per sink, projects per status.
///
/// These are facts about the database (deliveries queued by one process and sent by another survive restarts), so
/// they are read from it rather than counted in memory. One query per interval; a tick that comes while the
/// previous query still runs is skipped, so a slow database is never queried twice at once.
final class StoreMetricsSampler: Sendable {
    private let queries: any StateQueries
    private let metrics: WatcherMetrics
    private let scheduler: any SchedulerType
    private let logger: Logger
    private let onSampled: @Sendable () -> Void
    private let inFlight = Mutex(false)

    /// Creates a sampler.
    ///
    /// - parameter onSampled: Called after each sample (for tests), once the next tick may query again.
    init(
        queries: any StateQueries,
        metrics: WatcherMetrics,
        scheduler: any SchedulerType,
        logger: Logger,
        onSampled: @escaping @Sendable () -> Void = {}
    ) {
        self.queries = queries
        self.metrics = metrics
        self.scheduler = scheduler
        self.logger = logger
        self.onSampled = onSampled
    }

    /// Samples now and then every `interval` until the result is disposed.
    func start(every interval: TimeInterval = 15) -> any Disposable {
        Observable<Int>.timer(.seconds(0), period: .timeInterval(interval), scheduler: scheduler)
            .subscribe(onNext: { [self] _ in
                let claimed = inFlight.withLock { busy in
                    defer { busy = true }
                    return !busy
                }
                guard claimed else { return }
                Task {
                    await sample()
                    inFlight.withLock { $0 = false }
                    onSampled()
                }
            })
    }

    /// Queries the store once and sets the gauges; a failure is logged and leaves them as they were.
    func sample() async {
        do {
            let counts = try await queries.metrics()
            metrics.record(counts, now: scheduler.now)
        } catch {
            logger.warning("cannot read queue metrics from the store", metadata: ["error": "\(error)"])
        }
    }
}
