import Metrics

extension WatcherMetrics {
    /// Records one read of a change feed: `glwatch_feed_reads_total{instance,outcome="ok|failed|followed"}`
    /// (`followed`: among replicas, the leader read it) and its push events by what became of them,
    /// `glwatch_feed_hints_total{instance,outcome="polled|forwarded|ignored|filtered"}` (`forwarded`: passed on to
    /// the replica polling the project; `ignored`: a project no target watches).
    func recordFeedRead(_ report: FeedReport) {
        feedReads(report.instance, report.followed ? "followed" : report.failure == nil ? "ok" : "failed").increment()
        let outcomes = [
            ("polled", report.polled), ("forwarded", report.forwarded), ("ignored", report.ignored),
            ("filtered", report.filtered),
        ]
        for (outcome, count) in outcomes where count > 0 {
            feedHints(report.instance, outcome).increment(by: Int64(count))
        }
    }
}
