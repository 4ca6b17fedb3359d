import Foundation
import MetricsTestKit
import Testing

@testable import Watcher

@Suite struct WatcherMetricsFeedTests {
    @Test func testRecordFeedRead_countsReadsAndHintsByOutcome() throws {
        // Given a read that woke two projects, ignored three hints for unwatched projects and failed half-way
        let recorder = TestMetrics()
        let metrics = WatcherMetrics(factory: recorder)
        let report = FeedReport(
            instance: "work", startedAt: Date(timeIntervalSince1970: 0), covered: 10, requests: 2, polled: 2,
            ignored: 3, filtered: 0, failure: "GET /events: 500"
        )

        // When it is recorded
        metrics.recordFeedRead(report)

        // Then the failed read and each outcome are counted, under the instance
        let reads = try recorder.expectCounter("glwatch_feed_reads_total", [("instance", "work"), ("outcome", "failed")])
        #expect(reads.totalValue == 1)
        let ignored = try recorder.expectCounter("glwatch_feed_hints_total", [("instance", "work"), ("outcome", "ignored")])
        #expect(ignored.totalValue == 3)
        let polled = try recorder.expectCounter("glwatch_feed_hints_total", [("instance", "work"), ("outcome", "polled")])
        #expect(polled.totalValue == 2)
    }
}
