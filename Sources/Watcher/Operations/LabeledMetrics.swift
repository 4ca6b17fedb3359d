import Metrics
import Synchronization

/// The metrics of one family (one name, one set of label names), created on first use per label values and
/// reused after, so a hot path (a counter bumped per GitLab request) does not build a metric object each time.
///
/// Every metric is made through the injected factory, never the global `MetricsSystem`.
final class LabeledMetrics<Metric: Sendable>: Sendable {
    /// The metric's name, as exported (`glwatch_polls_total`).
    let name: String
    /// The label names, in order; `values` passed to `callAsFunction` follow it.
    let labelNames: [String]
    private let make: @Sendable (_ name: String, _ dimensions: [(String, String)]) -> Metric
    private let cache = Mutex<[[String]: Metric]>([:])

    /// Creates a family; `make` builds one metric for a name and its dimensions.
    init(
        name: String,
        labelNames: [String],
        make: @escaping @Sendable (_ name: String, _ dimensions: [(String, String)]) -> Metric
    ) {
        self.name = name
        self.labelNames = labelNames
        self.make = make
    }

    /// The metric for these label values (one per label name, in order).
    func callAsFunction(_ values: String...) -> Metric {
        metric(values)
    }

    /// The metric for these label values (one per label name, in order).
    func metric(_ values: [String]) -> Metric {
        precondition(values.count == labelNames.count, "\(name): expected labels \(labelNames), got \(values)")
        return cache.withLock { cache in
            if let metric = cache[values] { return metric }
            let metric = make(name, Array(zip(labelNames, values)))
            cache[values] = metric
            return metric
        }
    }

    /// The label values seen so far.
    var knownLabelValues: [[String]] { cache.withLock { Array($0.keys) } }
}

extension LabeledMetrics where Metric == Counter {
    /// A family of counters.
    static func counters(_ name: String, labels: [String], factory: any MetricsFactory) -> LabeledMetrics<Counter> {
        LabeledMetrics(name: name, labelNames: labels) { Counter(label: $0, dimensions: $1, factory: factory) }
    }
}

extension LabeledMetrics where Metric == Gauge {
    /// A family of gauges.
    static func gauges(_ name: String, labels: [String], factory: any MetricsFactory) -> LabeledMetrics<Gauge> {
        LabeledMetrics(name: name, labelNames: labels) { Gauge(label: $0, dimensions: $1, factory: factory) }
    }
}

extension LabeledMetrics where Metric == Metrics.Timer {
    /// A family of timers (histograms of seconds in Prometheus).
    static func timers(
        _ name: String,
        labels: [String],
        factory: any MetricsFactory
    ) -> LabeledMetrics<Metrics.Timer> {
        LabeledMetrics(name: name, labelNames: labels) { Metrics.Timer(label: $0, dimensions: $1, factory: factory) }
    }
}
