import FakeGitLab
import Foundation
import MetricsTestKit
import Testing

@testable import Watcher

@Suite("WatcherMetrics+EngineActivity", .timeLimit(.minutes(5)))
struct WatcherMetricsEngineActivityTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test("polls, discovery and events of a real engine on the fake GitLab are counted; health follows them")
    func testFollow_engineCycles() async throws {
        // Given a group of two projects, an engine writing through the metered store, followed by metrics and health
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        fake.addProject("acme/web").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let recorder = TestMetrics()
            let metrics = WatcherMetrics(factory: recorder)
            let clock = ManualClock()
            let health = HealthMonitor(unhealthyAfter: 300, now: clock.now)
            health.storeOpened()
            let engine = harness.engine(
                targets: [harness.groupTarget("acme")],
                store: MeteredStateStore(base: harness.store, metrics: metrics)
            )
            let subscription = metrics.follow(engine, health: health)
            defer { subscription.dispose() }
            #expect(!health.readiness().ok)

            // When the first cycle runs (a silent baseline of both projects)
            _ = await engine.pollAllOnce()

            // Then both polls and the discovery are counted, and glwatch is ready
            #expect(recorder.counterTotal(label: "glwatch_polls_total") == 2)
            #expect(recorder.timers(label: "glwatch_poll_duration_seconds").flatMap(\.values).count == 2)
            let discoveries = try recorder.expectCounter("glwatch_discoveries_total", [("outcome", "ok")])
            #expect(discoveries.totalValue == 1)
            let watched = try recorder.expectGauge("glwatch_watched_projects")
            #expect(watched.lastValue == 2)
            #expect(recorder.recorders(label: "glwatch_last_successful_poll_timestamp_seconds").count == 2)
            #expect(health.readiness().ok)
            #expect(health.health().lastSuccessfulPoll != nil)

            // When two commits are pushed to one project and the next cycle runs
            api.commits(2, by: [ann])
            _ = await engine.pollAllOnce()

            // Then the stored event is counted by type, once
            let events = try recorder.expectCounter("glwatch_events_total", [("type", "commits.new")])
            #expect(events.totalValue == 1)
            let changed = try recorder.expectCounter("glwatch_polls_total", [("outcome", "changed")])
            #expect(changed.totalValue >= 1)
        }
    }

    @Test("ready only once every project of every target has a baseline: a failed first poll keeps it not ready")
    func testFollow_failedFirstPoll_isNotReady() async throws {
        // Given a group of two projects, the second of which answers 403 to everything for now
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let web = fake.addProject("acme/web")
        web.commits(1, by: [ann])
        fake.inject(FakeFault(.status(403), on: .path("/api/v4/projects/\(web.id)/"), times: nil))
        try await EngineTestHarness.run(fake) { harness in
            let health = HealthMonitor(unhealthyAfter: 300, now: ManualClock().now)
            health.storeOpened()
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            let subscription = WatcherMetrics(factory: TestMetrics()).follow(engine, health: health)
            defer { subscription.dispose() }

            // When the first cycle runs: every project was polled, one without a baseline
            _ = await engine.pollAllOnce()

            // Then glwatch is not ready
            #expect(!engine.isBaselineComplete)
            #expect(health.readiness().ok == false)

            // When the project answers again and is polled
            fake.clearFaults()
            _ = await engine.pollAllOnce()

            // Then it is
            #expect(engine.isBaselineComplete)
            #expect(health.readiness().ok)
        }
    }

    @Test("a change applied twice counts its events once")
    func testMeteredStore_reappliedChange() async throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.sqlite")))
        let recorder = TestMetrics()
        let metered = MeteredStateStore(base: store, metrics: WatcherMetrics(factory: recorder))
        let change = Sample.change(events: [Sample.event("a1"), Sample.event("b1", type: "branch.created")])

        _ = try await metered.apply(change)
        _ = try await metered.apply(change)

        #expect(try recorder.expectCounter("glwatch_events_total", [("type", "commits.new")]).totalValue == 1)
        #expect(try recorder.expectCounter("glwatch_events_total", [("type", "branch.created")]).totalValue == 1)
    }
}
