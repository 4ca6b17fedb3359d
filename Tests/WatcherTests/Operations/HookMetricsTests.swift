import Foundation
import MetricsTestKit
import Testing

@testable import Watcher

/// Instant mode's metrics: requests by verdict, the last hook per project, and the hint-to-poll delay.
@Suite struct HookMetricsTests {
    let key = ProjectKey(instance: "work", id: 15)

    private func verdict(_ outcome: HookVerdict.Outcome, project: Int64? = 15) -> HookVerdict {
        HookVerdict(
            outcome: outcome,
            hint: project.map { HookHint(event: "push", kind: .push, project: $0, ref: "main", refType: "branch") }
        )
    }

    private func poll(startedAt seconds: TimeInterval) -> PollReport {
        PollReport(
            project: key,
            path: "acme/api",
            startedAt: Date(timeIntervalSince1970: seconds),
            duration: 0.1,
            outcome: .changed,
            eventsStored: 1,
            deliveriesQueued: 0
        )
    }

    @Test func testRecord_countsRequestsAcceptedByOutcomeAndRejectedByReason() throws {
        let recorder = TestMetrics()
        let metrics = HookMetrics(factory: recorder)
        let time = Date(timeIntervalSince1970: 100)

        for outcome: HookVerdict.Outcome in [
            .accepted(.polled), .accepted(.unwatched), .unknownEvent, .duplicate, .rejected(.token), .rejected(.token),
            .rejected(.tooLarge),
        ] {
            metrics.record(verdict(outcome), instance: "work", at: time)
        }

        #expect(try recorder.expectCounter("glwatch_hooks_received_total").totalValue == 7)
        for label in ["polled", "unwatched", "unknown_event", "duplicate"] {
            #expect(try recorder.expectCounter("glwatch_hooks_accepted_total", [("outcome", label)]).totalValue == 1)
        }
        #expect(try recorder.expectCounter("glwatch_hooks_rejected_total", [("reason", "token")]).totalValue == 2)
        #expect(try recorder.expectCounter("glwatch_hooks_rejected_total", [("reason", "too_large")]).totalValue == 1)
        let last = try recorder.expectGauge("glwatch_last_hook_timestamp_seconds", [("project", "work/15")])
        #expect(last.lastValue == 100)
    }

    @Test func testRecordPoll_theDelayRunsFromTheFirstHookToThePollThatStartsAfterIt() throws {
        // Given hooks at 100 and 100.2 for one project, while a poll that started at 99 is in flight
        let recorder = TestMetrics()
        let metrics = HookMetrics(factory: recorder)
        metrics.record(verdict(.accepted(.polled)), instance: "work", at: Date(timeIntervalSince1970: 100))
        metrics.record(verdict(.accepted(.polled)), instance: "work", at: Date(timeIntervalSince1970: 100.2))

        // When the poll in flight ends, then the woken poll starts at 100.5, then a later one at 160
        metrics.recordPoll(poll(startedAt: 99))
        metrics.recordPoll(poll(startedAt: 100.5))
        metrics.recordPoll(poll(startedAt: 160))

        // Then one delay is recorded: 0.5 s from the first hook
        let delay = try recorder.expectTimer("glwatch_hook_poll_delay_seconds")
        #expect(delay.values == [500_000_000])
    }
}
