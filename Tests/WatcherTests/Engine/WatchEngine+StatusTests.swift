import FakeGitLab
import Foundation
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// The engine's live view for the status page (`EngineStatusSource`): what woke each project's last poll, whether it
/// is lagging, and each instance's rate-limit pause and last error, against the fake GitLab.
@Suite(.timeLimit(.minutes(5))) struct WatchEngineStatusTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testProjectStatuses_sayWhatWokeTheLastPoll_theStartThenAHook() async throws {
        // Given a watched project polled every 60 s, after its first poll (at 1, done by 2)
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let fake = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { scheduler.now }))
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let counter = ActivityCounter(engine)
            let running = engine.start()
            defer { running.dispose() }
            scheduler.advanceTo(1)
            try await counter.wait { if case .discovered = $0 { true } else { false } }
            scheduler.advanceTo(2)
            try await counter.waitForPolls(of: harness.key(api), 1)
            let first = engine.projectStatuses()[harness.key(api)]

            // When GitLab sends a push hook for it at 10
            scheduler.advanceTo(10)
            api.commits(1, by: [ann])
            engine.hint(HookHint(event: "push", kind: .push, project: api.id, ref: "main", refType: "branch"), instance: "fake")
            scheduler.advanceTo(11)
            try await counter.waitForPolls(of: harness.key(api), 2)

            // Then the first poll was the start's, the second the hook's; neither is lagging
            #expect(first == ProjectLiveStatus(lagging: false, wokenBy: .start))
            #expect(engine.projectStatuses()[harness.key(api)] == ProjectLiveStatus(lagging: false, wokenBy: .hook))
            #expect(counter.polls(of: harness.key(api)).map(\.trigger) == [.start, .hook])
        }
    }

    @Test func testProjectStatuses_lagging_onceTheWatchdogReportsIt() async throws {
        // Given a project whose polls hang after discovery, watched every 60 s, lagging after 5 intervals
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)],
                scheduler: scheduler,
                configuration: EngineConfiguration(laggingAfterIntervals: 5, pollTimeout: 100_000)
            )
            let probe = ActivityProbe(engine)
            let running = engine.start()
            scheduler.advanceTo(1)
            _ = await probe.nextDiscovery()
            fake.inject(FakeFault(.hang, on: .pathContaining("/repository/branches"), times: nil))
            scheduler.advanceTo(31)
            await fake.waitForRequests(2)
            let before = engine.projectStatuses()[harness.key(api)]

            // When five intervals pass without a completed poll
            scheduler.advanceTo(299)
            scheduler.advanceTo(400)
            _ = await probe.next { if case .lagging = $0 { true } else { false } }
            let after = engine.projectStatuses()[harness.key(api)]
            running.dispose()
            fake.releaseHungRequests()

            // Then the project is lagging from the watchdog's report on (no poll has completed, so nothing woke one)
            #expect(before == ProjectLiveStatus(lagging: false, wokenBy: nil))
            #expect(after == ProjectLiveStatus(lagging: true, wokenBy: nil))
        }
    }

    @Test func testInstanceStatuses_lastErrorNeverShowsTheToken_andTheLanesPauseIsReported() async throws {
        // Given an instance whose answer to a poll echoes the token
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let token = gitlab.addPersonalAccessToken(for: alice)
        let api = gitlab.addProject("acme/api", members: [alice])
        api.commits(3, by: [ann])
        gitlab.inject(
            FakeFault(
                .body(#"{"message":"token \#(token) lacks access"}"#, status: 400),
                on: .pathContaining("/repository/branches")
            )
        )
        try await EngineTestHarness.run(gitlab, auth: .privateToken(GitLabSecret(token))) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            let before = try #require(engine.instanceStatuses().first)

            // When a poll fails, and then GitLab rate-limits the host for 10 minutes
            _ = await engine.pollAllOnce()
            let failed = try #require(engine.instanceStatuses().first)
            let until = engine.scheduler.now.addingTimeInterval(600)
            engine.lanes[failed.host]?.pause(until: until)
            let paused = try #require(engine.instanceStatuses().first)

            // Then the instance's last error is the poll's, with the token redacted, and the pause is shown
            #expect(before.lastError == nil && before.pausedUntil == nil && before.downSince == nil)
            #expect(failed.name == "fake")
            #expect(failed.lastError?.contains("token <redacted> lacks access") == true)
            #expect(failed.lastError?.contains(token) == false)
            #expect(failed.lastErrorAt != nil)
            #expect(paused.pausedUntil == until)
            #expect(paused.downSince == nil)
        }
    }
}
