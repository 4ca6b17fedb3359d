import Foundation
import MetricsTestKit
import Testing

@testable import Watcher

@Suite("WatcherMetrics")
struct WatcherMetricsTests {
    let recorder = TestMetrics()
    var metrics: WatcherMetrics { WatcherMetrics(factory: recorder) }

    @Test("a poll is counted and timed by outcome; a successful one sets the project's last success time")
    func testRecordPoll_success() throws {
        let metrics = metrics
        let key = ProjectKey(instance: "gitlab.com", id: 42)
        let finished = Date(timeIntervalSince1970: 1_800_000_123)

        metrics.recordPoll(project: key, outcome: .changed, duration: 0.25, finishedAt: finished)
        metrics.recordPoll(project: key, outcome: .unchanged, duration: 0.5, finishedAt: finished)

        #expect(try recorder.expectCounter("glwatch_polls_total", [("outcome", "changed")]).totalValue == 1)
        #expect(try recorder.expectCounter("glwatch_polls_total", [("outcome", "unchanged")]).totalValue == 1)
        #expect(
            try recorder.expectTimer("glwatch_poll_duration_seconds", [("outcome", "changed")]).values
                == [250_000_000]
        )
        let gauge = try recorder.expectGauge(
            "glwatch_last_successful_poll_timestamp_seconds",
            [("project", "gitlab.com/42")]
        )
        #expect(gauge.lastValue == 1_800_000_123)
    }

    @Test("a failed or rate-limited poll is counted but leaves the last success time alone")
    func testRecordPoll_failure() throws {
        let metrics = metrics
        let key = ProjectKey(instance: "gitlab.com", id: 42)
        metrics.recordPoll(project: key, outcome: .failed, duration: 1, finishedAt: Date(timeIntervalSince1970: 5))
        metrics.recordPoll(
            project: key,
            outcome: .rateLimited(retryAfter: 30),
            duration: 1,
            finishedAt: Date(timeIntervalSince1970: 6)
        )

        #expect(try recorder.expectCounter("glwatch_polls_total", [("outcome", "failed")]).totalValue == 1)
        #expect(try recorder.expectCounter("glwatch_polls_total", [("outcome", "rate_limited")]).totalValue == 1)
        #expect(recorder.recorders(label: "glwatch_last_successful_poll_timestamp_seconds").isEmpty)
    }

    @Test("a stalled project's series is 1 while it stays stalled, 0 once a poll succeeds; others have none")
    func testRecordPoll_stalled() throws {
        let metrics = metrics
        let stalled = ProjectKey(instance: "gitlab.com", id: 42)
        let healthy = ProjectKey(instance: "gitlab.com", id: 7)
        let at = Date(timeIntervalSince1970: 5)
        func series() throws -> Double? {
            try recorder.expectGauge("glwatch_project_stalled", [("project", "gitlab.com/42")]).lastValue
        }

        metrics.recordPoll(project: healthy, outcome: .unchanged, duration: 1, finishedAt: at)
        metrics.recordPoll(project: stalled, outcome: .failed, duration: 1, finishedAt: at)
        #expect(recorder.recorders(label: "glwatch_project_stalled").isEmpty)

        metrics.recordPoll(project: stalled, outcome: .failed, duration: 1, finishedAt: at, stalled: true)
        #expect(try series() == 1)
        metrics.recordPoll(project: stalled, outcome: .failed, duration: 1, finishedAt: at, stalled: true)
        metrics.recordPoll(project: stalled, outcome: .rateLimited(retryAfter: 5), duration: 1, finishedAt: at)
        #expect(try series() == 1, "a rate-limited poll says nothing about the stall")
        metrics.recordPoll(project: stalled, outcome: .changed, duration: 1, finishedAt: at)
        #expect(try series() == 0)
        #expect(recorder.recorders(label: "glwatch_project_stalled").count == 1)
    }

    @Test("events are counted by type")
    func testRecordEvents() throws {
        metrics.recordEvents(types: ["commits.new", "contributor.new", "commits.new"])
        #expect(try recorder.expectCounter("glwatch_events_total", [("type", "commits.new")]).totalValue == 2)
        #expect(try recorder.expectCounter("glwatch_events_total", [("type", "contributor.new")]).totalValue == 1)
    }

    @Test("GitLab requests are counted by host and status, transport failures by kind")
    func testRecordRequest() throws {
        let metrics = metrics
        metrics.recordRequest(host: "gitlab.com", status: "200", duration: 0.1)
        metrics.recordRequest(host: "gitlab.com", status: "200", duration: 0.1)
        metrics.recordRequest(host: "gitlab.com", status: WatcherMetrics.label(.timeout), duration: 30)

        #expect(
            try recorder.expectCounter("glwatch_gitlab_requests_total", [("host", "gitlab.com"), ("status", "200")])
                .totalValue == 2
        )
        #expect(
            try recorder.expectCounter(
                "glwatch_gitlab_requests_total",
                [("host", "gitlab.com"), ("status", "timeout")]
            ).totalValue == 1
        )
        #expect(
            try recorder.expectTimer("glwatch_gitlab_request_duration_seconds", [("host", "gitlab.com")]).values.count
                == 3
        )
    }

    @Test("the metric objects of one label set are made once")
    func testLabeledMetrics_cached() {
        let metrics = metrics
        #expect(metrics.polls("changed") === metrics.polls("changed"))
        #expect(metrics.polls("changed") !== metrics.polls("failed"))
    }
}
