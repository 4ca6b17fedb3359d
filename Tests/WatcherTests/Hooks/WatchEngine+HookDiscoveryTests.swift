import FakeGitLab
import Foundation
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// Discovery passes that hooks wake, in virtual time: a burst of wakes while one runs makes exactly one more pass,
/// and a lifecycle hook reaching a replica that takes the leader's project lists makes it list GitLab itself (the
/// hook is newer than the leader's list).
@Suite(.timeLimit(.minutes(5))) struct WatchEngineHookDiscoveryTests {
    typealias Hub = WatchEngineFeedReplicasTests.Hub
    typealias Replica = WatchEngineFeedReplicasTests.Replica
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    static let listing = FakeRequestMatcher.pathContaining("/groups/")

    private func world(_ scheduler: TestScheduler) -> FakeGitLab {
        let fake = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { scheduler.now }))
        fake.addProject("acme/api").commits(1, by: [ann])
        return fake
    }

    private func created(_ project: FakeProject) -> HookHint {
        HookHint(event: "project_create", kind: .lifecycle, project: project.id, ref: nil, refType: nil)
    }

    private static func isDiscovery(_ activity: EngineActivity) -> Bool {
        if case .discovered = activity { true } else { false }
    }

    @Test func testWokenDiscovery_wokenTwiceWhileItRuns_runsExactlyOnceMore()
        async throws
    {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let fake = world(scheduler)
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            // Given a watched group, discovered at start, its next pass 10 minutes away
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 600)], scheduler: scheduler)
            let counter = ActivityCounter(engine)
            let running = engine.start()
            defer { running.dispose() }
            scheduler.advanceTo(1)
            try await counter.wait(for: 1, Self.isDiscovery)

            // When a project_create hook wakes a pass whose listing GitLab holds up, and while it is held two more
            // projects are created and their hooks arrive
            fake.inject(FakeFault(.hang, on: Self.listing, times: 1))
            let first = fake.addProject("acme/first")
            #expect(engine.hint(created(first), instance: "fake") == .discovery)
            await fake.waitUntilHung()
            let (second, third) = (fake.addProject("acme/second"), fake.addProject("acme/third"))
            #expect(engine.hint(created(second), instance: "fake") == .discovery)
            #expect(engine.hint(created(third), instance: "fake") == .discovery)
            fake.releaseHungRequests()
            try await counter.wait(for: 3, Self.isDiscovery)

            // Then exactly one more pass ran after the held one (not one per hook, not none), and the projects are
            // watched
            for key in [first, second, third].map(harness.key) {
                #expect(engine.watchedProjects.map(\.key).contains(key))
            }
            try await eventually { engine.wokenDiscoveries.withLock { $0.isEmpty } }
            #expect(counter.all.filter(Self.isDiscovery).count == 3)
        }
    }

    @Test func testLifecycleHook_onAReplicaThatTakesTheLeadersList_listsGitLabItself() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let fake = world(scheduler)
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            // Given two replicas of a watched group: a leads and has published its list, b follows and took it
            let hub = Hub(clock: { scheduler.now })
            let target = harness.groupTarget("acme", base: 600)
            let a = harness.engine(
                targets: [target], scheduler: scheduler, leases: Replica("a", hub: hub, leader: true, holding: [])
            )
            let b = harness.engine(
                targets: [target], scheduler: scheduler, leases: Replica("b", hub: hub, leader: false, holding: [])
            )
            _ = await a.pollAllOnce()
            let counter = ActivityCounter(b)
            let running = b.start()
            defer { running.dispose() }
            scheduler.advanceTo(1)
            try await counter.wait(for: 1, Self.isDiscovery)
            let started = counter.all.compactMap { if case .discovered(let report) = $0 { report } else { nil } }
            #expect(started.map(\.followed) == [true])

            // When a project is created and GitLab's system hook reaches b (the leader's list, still fresh, does
            // not have it yet)
            scheduler.advanceTo(10)
            let new = fake.addProject("acme/new")
            fake.resetRequestLog()
            #expect(b.hint(created(new), instance: "fake") == .discovery)
            try await counter.wait(for: 2, Self.isDiscovery)

            // Then b listed GitLab itself rather than take the leader's list, and covers the new project
            let passes = counter.all.compactMap { if case .discovered(let report) = $0 { report } else { nil } }
            #expect(passes[1].followed == false)
            #expect(fake.requestCount(matching: Self.listing) >= 1)
            #expect(b.coveredProjects.contains(harness.key(new)))
        }
    }
}
