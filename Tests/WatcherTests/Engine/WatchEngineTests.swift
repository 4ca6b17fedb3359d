import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// The engine against the fake GitLab: one-shot cycles, running pipelines in virtual time, restarts, the lag
/// watchdog and configuration reloads.
@Suite struct WatchEngineTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let everything = EventRouter(rules: [Rule(name: "all", action: .notify(Rule.Notify(sinks: ["ops"])))])

    @Test func testPollAllOnce_groupTarget_baselinesThenReportsNewCommitsOnce() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let web = fake.addProject("acme/sub/web")
        api.commits(2, by: [ann])
        web.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])

            let first = await engine.pollAllOnce()
            #expect(first.polled == 2)
            #expect(first.eventsStored == 0)
            #expect(first.discoveries.map(\.added.count) == [2])

            let pushed = api.commits(3, by: [ann])
            let second = await engine.pollAllOnce()

            #expect(second.changed == 1)
            #expect(second.eventsStored == 1)
            #expect(second.isSuccess)
            let events = try await harness.events(of: api)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testPollAllOnce_baselineWaitingForLateEvents_waitsAndWritesIt_asGlwatchOnceDoes() async throws {
        // Given a watched project and an engine whose baselines wait 1 s for GitLab's late push events
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness throws in
            let engine = harness.engine(
                targets: [harness.groupTarget("acme")], configuration: EngineConfiguration(eventLateness: 1)
            )

            // When one cycle runs (`glwatch once`)
            let cycle = await engine.pollAllOnce()

            // Then it did not stop at the deferred first poll: the baseline is written, and glwatch is ready
            #expect(cycle.polls.map(\.outcome) == [.changed])
            #expect(try await harness.store.projectState(harness.key(api)) != nil)
            #expect(engine.isBaselineComplete)
        }
    }

    @Test func testPollAllOnce_failingProject_isCountedAndDoesNotStopTheOthers() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let broken = fake.addProject("acme/broken")
        api.commits(1, by: [ann])
        broken.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            fake.inject(FakeFault(.status(500), on: .pathContaining("/projects/\(broken.id)/"), times: nil))
            let pushed = api.commits(1, by: [ann])

            let report = await engine.pollAllOnce()

            #expect(report.polled == 2)
            #expect(report.failed == 1)
            #expect(report.changed == 1)
            let failure = try #require(report.polls.first { $0.project == harness.key(broken) }?.failure)
            #expect(failure.contains("500"))
            #expect(report.polls.first { $0.project == harness.key(api) }?.failure == nil)
            #expect(!report.isSuccess)
            let announced = try await harness.events(of: api).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }

    @Test func testRestart_reportsWhatHappenedWhileStopped_once() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            // Given a first run that saw the project and stopped
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()

            // When commits are pushed while glwatch is stopped, and two later runs poll on the same store
            let pushed = api.commits(4, by: [ann])
            api.createBranch("feature", from: "main")
            let restarted = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()
            let again = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()

            // Then the first restart reports them, exactly once
            #expect(restarted.eventsStored == 1)
            #expect(again.eventsStored == 0)
            let events = try await harness.events(of: api)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.flatMap(\.commits).map(\.id) == pushed)
        }
    }

    @Test func testStoredDeliveries_arePublished_andReplacedRulesApplyToLaterPolls() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            let probe = ActivityProbe(engine)
            _ = await engine.pollAllOnce()
            api.commits(1, by: [ann])
            let unrouted = await engine.pollAllOnce()

            engine.replace(router: everything)
            api.commits(1, by: [ann])
            let routed = await engine.pollAllOnce()

            #expect(unrouted.eventsStored == 1)
            #expect(routed.polls.map(\.deliveriesQueued) == [1])
            let stored = probe.seen.all.filter { if case .stored = $0 { true } else { false } }
            #expect(stored == [.stored(project: harness.key(api), events: 1, deliveries: 1)])
        }
    }

    @Test func testReplaceTargets_keepsUnchangedPipelines_startsNewOnes_andMarksDroppedProjectsRemoved() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let other = fake.addProject("other/tool")
        let third = fake.addProject("third/lib")
        for project in [api, other, third] { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let group = harness.groupTarget("acme")
            let otherTarget = WatchTarget(instance: "fake", scope: .project(.id(other.id)), cadence: Cadence(base: 60))
            let thirdTarget = WatchTarget(instance: "fake", scope: .project(.id(third.id)), cadence: Cadence(base: 60))
            let engine = harness.engine(targets: [group, otherTarget])
            let probe = ActivityProbe(engine)
            _ = await engine.pollAllOnce()
            let apiPipeline = engine.registry.withLock { $0.pipelines[harness.key(api)] }

            engine.replace(targets: [group, thirdTarget])
            let reload = await probe.next {
                if case .discovered(let report) = $0 { report.scope == "configuration reload" } else { false }
            }
            let report = await engine.pollAllOnce()

            guard case .discovered(let reloaded) = reload else { return }
            #expect(reloaded.removed == [harness.key(other)])
            #expect(reloaded.added.isEmpty)
            #expect(engine.registry.withLock { $0.pipelines[harness.key(api)] } === apiPipeline)
            #expect(engine.watchedProjects.map(\.key) == [harness.key(api), harness.key(third)])
            #expect(report.discoveries.flatMap(\.added) == [harness.key(third)])
            #expect(report.polled == 2)
            let status = try await harness.status(of: other)
            #expect(status == .removed)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testStart_discoversThenPollsOnItsCadence_inVirtualTime() async throws {
        // The fake GitLab and the engine share the virtual clock (push events are compared with the watch start).
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let fake = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { scheduler.now }))
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let probe = ActivityProbe(engine)
            let running = engine.start()
            defer { running.dispose() }

            scheduler.advanceTo(1)
            #expect(await probe.nextDiscovery()?.added == [harness.key(api)])
            // The pipeline started at 1: its first poll (the silent baseline) runs at once, not at a random phase.
            scheduler.advanceTo(2)
            let baseline = await probe.nextPoll(of: harness.key(api))
            #expect(baseline?.outcome == .changed)
            #expect(baseline?.startedAt == Date(timeIntervalSince1970: 1))

            let pushed = api.commits(2, by: [ann])
            scheduler.advanceTo(100)
            let next = await probe.nextPoll(of: harness.key(api))

            #expect(next?.outcome == .changed)
            #expect(next?.eventsStored == 1)
            // Random 0.5: the second poll at phase (0.5 + 0.5) × 60 s after the first ended (the clock stood at 2).
            #expect(next?.startedAt == Date(timeIntervalSince1970: 62))
            let announced = try await harness.events(of: api).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testClientRateLimitSignal_pausesTheHostsPipelines_untilGitLabsTime() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let probe = ActivityProbe(engine)
            let running = engine.start()
            defer { running.dispose() }
            scheduler.advanceTo(1)
            _ = await probe.nextDiscovery()
            scheduler.advanceTo(31)
            _ = await probe.nextPoll(of: harness.key(api))

            // GitLab throttles the host (a 429 seen by any request of the client) until 500.
            harness.client.rateLimiter.throttle(until: Date(timeIntervalSince1970: 500))
            scheduler.advanceTo(300)

            let host = harness.client.hostName
            #expect(probe.seen.all.contains(.hostPaused(host: host, until: Date(timeIntervalSince1970: 500))))
            #expect(engine.lanes[host]?.isPaused == true)
            scheduler.advanceTo(501)
            let next = await probe.nextPoll(of: harness.key(api))
            // The poll due at 91 waited for the host, and ran as soon as GitLab's time came.
            #expect(next?.startedAt == Date(timeIntervalSince1970: 500))
            #expect(probe.seen.all.contains(.hostResumed(host: host)))
        }
    }

    @Test func testIdleCycle_of200Projects_costsOneRequestPerProject() async throws {
        let fake = FakeGitLab()
        let projects = (1...200).map { fake.addProject("big/p\($0)") }
        for project in projects { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let target = WatchTarget(instance: "fake", scope: .group(.path("big")), cadence: Cadence(base: 1))
            let engine = harness.engine(
                targets: [target],
                configuration: EngineConfiguration(maxConcurrentPollsPerHost: 8)
            )
            let baseline = await engine.pollAllOnce()
            fake.resetRequestLog()

            let idle = await engine.pollAllOnce()

            #expect(baseline.polled == 200)
            #expect(idle.polled == 200)
            #expect(idle.changed == 0)
            let branchRequests = fake.requestCount(matching: .pathContaining("/repository/branches/"))
            let discoveryRequests = fake.requestCount(matching: .pathContaining("/groups/"))
            #expect(branchRequests == 200)
            #expect(discoveryRequests == 2)
            #expect(fake.requests.count == branchRequests + discoveryRequests)
        }
    }
}
