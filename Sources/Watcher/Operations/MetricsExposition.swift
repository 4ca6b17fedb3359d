import Prometheus

/// Renders the current metrics in Prometheus' text exposition format (version 0.0.4), for `/metrics`.
protocol MetricsExposition: Sendable {
    /// Every metric, as Prometheus text.
    func exposition() -> [UInt8]
}

extension PrometheusCollectorRegistry: MetricsExposition {
    /// Every metric registered so far, as Prometheus text, with glwatch's `# HELP` lines.
    func exposition() -> [UInt8] { WatcherMetrics.withHelp(emitToBuffer()) }
}
