import Metrics
import Prometheus

/// The Prometheus backend in one value: the registry `/metrics` renders and the swift-metrics factory that fills
/// it.
///
/// The composition root makes one and hands `factory` to `WatcherMetrics` (and to anything else recording
/// metrics) and `registry` to `OperationsServer`; nothing is bootstrapped globally, so tests and several watchers
/// in one process never share metrics by accident.
struct PrometheusMetrics: Sendable {
    /// The registry every metric lands in.
    let registry: PrometheusCollectorRegistry
    /// The factory to record through.
    let factory: any MetricsFactory

    /// Creates an empty registry and its factory, with histogram buckets suited to polls (up to a minute: a poll
    /// fetching a long range of commits takes seconds) and to GitLab requests (the library's 5 ms–10 s default).
    init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[WatcherMetrics.Name.pollDuration] = [
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30), .seconds(60),
        ]
        self.registry = registry
        self.factory = factory
    }
}
