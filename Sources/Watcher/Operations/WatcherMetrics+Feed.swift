import Metrics

extension WatcherMetrics {
    /// Records one read of a change feed: `glwatch_feed_reads_total{instance,outcome="ok|failed"}` and its push
    /// events by what became of them, `glwatch_feed_hints_total{instance,outcome="polled|ignored|filtered"}`
    /// (`ignored`: a project no target watches).
    func recordFeedRead(_ report: FeedReport) {
        feedReads(report.instance, report.failure == nil ? "ok" : "failed").increment()
        for (outcome, count) in [("polled", report.polled), ("ignored", report.ignored), ("filtered", report.filtered)]
        where count > 0 {
            feedHints(report.instance, outcome).increment(by: Int64(count))
        }
    }
}
