import FakeGitLab
import Foundation
import Logging
import MetricsTestKit
import Notifier
import RxCore
import RxCoreTest
import Synchronization
import Testing

@testable import Watcher

/// The engine among replicas (`ProjectLeaseFilter`): it polls only the projects whose lease it holds, follows the
/// leases as they move, records departures only while it leads, and a poll under a lease that moved on writes
/// nothing. The last two suites run on the real PostgreSQL store with `ReplicaCoordinator`.
@Suite(.closesStores) struct WatchEngineLeasesTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// A lease filter the test sets by hand.
    final class HandLeases: ProjectLeaseFilter {
        let state = Mutex((held: [ProjectKey: ProjectFence](), leader: true, lost: [ProjectFence]()))
        /// The webhook hints passed on to the other replicas.
        let forwarded = Mutex<[HookHint]>([])

        func forward(_ hint: HookHint, instance: String) -> Bool {
            forwarded.withLock { $0.append(hint) }
            return true
        }

        func hold(_ keys: [ProjectKey], token: Int64 = 1) {
            state.withLock { state in
                state.held = Dictionary(
                    uniqueKeysWithValues: keys.map { ($0, ProjectFence(project: $0, token: token)) }
                )
            }
        }

        func fence(for key: ProjectKey) -> ProjectFence? { state.withLock { $0.held[key] } }
        var isLeader: Bool { state.withLock { $0.leader } }
        func lost(_ fence: ProjectFence) {
            state.withLock {
                $0.lost.append(fence)
                $0.held[fence.project] = nil
            }
        }
    }

    private func engine(
        _ harness: EngineTestHarness, leases: any ProjectLeaseFilter, store: (any StateStore)? = nil
    ) -> WatchEngine {
        WatchEngine(
            clients: ["fake": harness.client],
            targets: [harness.groupTarget("acme")],
            store: store ?? harness.store,
            router: EventRouter(rules: []),
            scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            random: FixedJitter(fraction: 0.5),
            leases: leases
        )
    }

    @Test func testLeases_theEnginePollsOnlyHeldProjects_andFollowsTheLeasesAsTheyMove() async throws {
        // Given three projects in a watched group, of which this replica holds one
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let web = fake.addProject("acme/web")
        let ops = fake.addProject("acme/ops")
        for project in [api, web, ops] { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let leases = HandLeases()
            leases.hold([harness.key(api)])
            let engine = engine(harness, leases: leases)

            // When it discovers and polls
            let report = await engine.pollAllOnce()

            // Then it offers all three but polls only the one it holds
            #expect(engine.coveredProjects == [api, web, ops].map(harness.key).sorted())
            #expect(report.polls.map(\.project) == [harness.key(api)])
            #expect(engine.watchedProjects.map(\.key) == [harness.key(api)])

            // When the leases move (api to another replica, web and ops to this one)
            leases.hold([harness.key(web), harness.key(ops)])
            await engine.leasesChanged()

            // Then its pipelines follow, and api did not leave the watch (another replica polls it)
            #expect(engine.watchedProjects.map(\.key) == [web, ops].map(harness.key).sorted())
            let status = try await harness.status(of: api)
            #expect(status == .active)
            let events = try await harness.events(of: api)
            #expect(!events.contains { $0.type == .projectRemoved })
        }
    }

    @Test func testFirstCycle_amongReplicas_waitsForALeaseRoundAfterDiscovery_thenForTheShareItGave()
        async throws
    {
        // Given a replica that holds nothing yet, in a watched group of two projects
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let web = fake.addProject("acme/web")
        for project in [api, web] { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let leases = HandLeases()
            let engine = engine(harness, leases: leases)
            let settledEvents = Mutex(0)
            let following = engine.activity.subscribe(onNext: { activity in
                if activity == .leasesSettled { settledEvents.withLock { $0 += 1 } }
            })
            defer { following.dispose() }

            // When it has discovered both projects (polling none: it holds none)
            _ = await engine.pollAllOnce()

            // Then its first cycle is not over: holding nothing before a lease round says nothing
            #expect(engine.hasDiscoveredAll && engine.watchedProjects.isEmpty)
            #expect(!engine.isBaselineComplete)

            // When a lease round that began before the discovery ends
            await engine.leasesChanged(settled: false)

            // Then still not
            #expect(!engine.isBaselineComplete)

            // When a round after the discovery gives it api
            leases.hold([harness.key(api)])
            await engine.leasesChanged(settled: true)

            // Then the first cycle waits for api's baseline, and is over once api has polled
            #expect(!engine.isBaselineComplete)
            _ = await engine.pollAllOnce()
            #expect(engine.isBaselineComplete)

            // And the leases settled was said once, however many rounds follow
            await engine.leasesChanged(settled: true)
            #expect(settledEvents.withLock { $0 } == 1)
        }
    }

    @Test func testFirstCycle_amongReplicas_aShareOfNothing_isOverOnceTheLeasesSettle_andReady() async throws {
        // Given a replica that has discovered a project another replica holds, its readiness followed
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = engine(harness, leases: HandLeases())
            let health = HealthMonitor(unhealthyAfter: 300, now: { Date() })
            health.storeOpened()
            let following = WatcherMetrics(factory: TestMetrics()).follow(engine, health: health)
            defer { following.dispose() }
            _ = await engine.pollAllOnce()
            #expect(!engine.isBaselineComplete)
            #expect(!health.readiness().ok)

            // When a lease round after the discovery leaves it nothing
            await engine.leasesChanged(settled: true)

            // Then its first cycle is over, and it is ready, though no poll will come to say so
            #expect(engine.isBaselineComplete)
            #expect(health.readiness().ok)
        }
    }

    @Test func testHooks_aPushHookForAProjectAnotherReplicaHolds_isPassedOn_andWakesItsHolderOnly() async throws {
        // Given two projects in a watched group, of which this replica holds one
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let web = fake.addProject("acme/web")
        for project in [api, web] { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let leases = HandLeases()
            leases.hold([harness.key(api)])
            let engine = engine(harness, leases: leases)
            _ = await engine.pollAllOnce()
            let push = { (project: Int64) in
                HookHint(event: "push", kind: .push, project: project, ref: "main", refType: "branch")
            }

            // When GitLab's push hooks reach this replica: for the project another replica holds, for one no
            // target covers, and for the project it holds
            let held = engine.hint(push(api.id), instance: "fake")
            let other = engine.hint(push(web.id), instance: "fake")
            let stranger = engine.hint(push(999_999), instance: "fake")

            // Then only the other replica's project is passed on; the held one is polled here
            #expect([held, other, stranger] == [.polled, .forwarded, .unwatched])
            #expect(leases.forwarded.withLock { $0 } == [push(web.id)])

            // And a hint passed on by another replica wakes only a project this one holds, and is never passed on
            // again (two replicas that both lack the project cannot bounce it between them)
            let passedOn = { (project: Int64) in ForwardedHint(push(project), instance: "fake", sender: "other") }
            #expect(engine.forwardedHint(passedOn(api.id)) == .polled)
            #expect(engine.forwardedHint(passedOn(web.id)) == .unwatched)
            #expect(leases.forwarded.withLock { $0.count } == 1)
        }
    }

    @Test func testLeases_aProjectNoReplicaHoldsYet_isWatchedFromTheDiscoveryPassThatCoveredIt() async throws {
        // Given a watched project whose lease no replica holds yet
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let leases = HandLeases()
            let engine = engine(harness, leases: leases)

            // When discovery covers it (and this replica polls nothing)
            let before = Date()
            let report = await engine.pollAllOnce()
            let after = Date()
            #expect(report.polls.isEmpty)

            // Then its watch start is recorded as of that pass: whichever replica claims it later baselines from
            // there, not from its claim (a push in between is announced)
            let start = try await harness.store.beginWatching([
                .project(harness.key(api), since: .distantFuture, isNew: false)
            ]).first
            let since = try #require(start?.since)
            #expect(since >= before.addingTimeInterval(-1) && since <= after)
        }
    }

    @Test func testLeases_onlyTheLeaderRecordsADeparture() async throws {
        // Given a watched project archived after its first poll, on a replica that does not lead
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        fake.addProject("acme/web").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let leases = HandLeases()
            leases.state.withLock { $0.leader = false }
            leases.hold([harness.key(api)])
            let engine = engine(harness, leases: leases)
            _ = await engine.pollAllOnce()
            api.archive()

            // When its discovery no longer lists it
            _ = await engine.pollAllOnce()

            // Then it stops polling it but records nothing
            #expect(engine.watchedProjects.isEmpty)
            let statusOnTheFollower = try await harness.status(of: api)
            #expect(statusOnTheFollower == .active)

            // And the leader, which never held the project, records the departure once it sees it gone
            let leader = HandLeases()
            let other = self.engine(harness, leases: leader)
            api.archive(false)
            _ = await other.pollAllOnce()
            api.archive()
            _ = await other.pollAllOnce()
            let statusOnTheLeader = try await harness.status(of: api)
            #expect(statusOnTheLeader == .archived)
        }
    }

    @Test func testLeases_aPollUnderALeaseThatMovedOn_writesNothingAndDropsTheProject() async throws {
        // Given replica A's engine on PostgreSQL holding api's lease, which expired and replica B claimed
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let database = try await StoreKind.postgres.database()
            let a = try await PostgresStateStore.openForTest(database.location, replicaID: "a")
            let b = try await PostgresStateStore.openForTest(database.location, replicaID: "b")
            let key = harness.key(api)
            try await a.offerProjects([key])
            let stale = try #require(
                try await a.claimProjects(among: [key], now: Sample.time(0), limit: 1).claimed.first
            )
            _ = try await b.claimProjects(among: [key], now: Sample.time(31), limit: 1)
            let leases = HandLeases()
            leases.state.withLock { $0.held = [key: stale] }
            let engine = engine(harness, leases: leases, store: a)

            // When A polls it (its baseline)
            let report = await engine.pollAllOnce()

            // Then the poll failed, nothing of it was written, and A dropped the lease
            #expect(report.failed == 1)
            #expect(try await b.count("SELECT COUNT(*) FROM project") == 0)
            #expect(try await b.count("SELECT COUNT(*) FROM branchHead") == 0)
            #expect(leases.state.withLock { $0.lost } == [stale])
            await engine.leasesChanged()
            #expect(engine.watchedProjects.isEmpty)
        }
    }

    @Test func testCoordinator_twoReplicasSplitTheProjects_andOneTakesAllWhenTheOtherStops() async throws {
        // Given four projects and two replicas (store, coordinator, engine each) on one database
        let fake = FakeGitLab()
        for name in ["api", "web", "ops", "db"] { fake.addProject("acme/\(name)").commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let database = try await StoreKind.postgres.database()
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
            let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            var replicas: [(store: PostgresStateStore, coordinator: ReplicaCoordinator, engine: WatchEngine)] = []
            for name in ["a", "b"] {
                let store = try await PostgresStateStore.open(
                    try PostgresStoreConfiguration(url: database.location, replicaID: name)
                )
                StoreCleanup.add { await store.close() }
                let coordinator = ReplicaCoordinator(leases: store, scheduler: scheduler, logger: logger)
                replicas.append((store, coordinator, engine(harness, leases: coordinator, store: store)))
            }
            let (a, b) = (replicas[0], replicas[1])

            // When A starts first (round, discovery, round), then B, and each runs a couple of rounds
            await a.coordinator.tick(engine: a.engine)
            _ = await a.engine.pollAllOnce()
            await a.coordinator.tick(engine: a.engine)
            #expect(a.engine.watchedProjects.count == 4)
            #expect(a.coordinator.isLeader)
            await b.coordinator.tick(engine: b.engine)
            _ = await b.engine.pollAllOnce()
            for _ in 0..<2 {
                await a.coordinator.tick(engine: a.engine)
                await b.coordinator.tick(engine: b.engine)
            }

            // Then they hold two projects each, never the same, and A still leads
            let byA = Set(a.engine.watchedProjects.map(\.key))
            let byB = Set(b.engine.watchedProjects.map(\.key))
            #expect(byA.count == 2 && byB.count == 2 && byA.isDisjoint(with: byB))
            #expect(Set(a.coordinator.heldProjects) == byA && Set(b.coordinator.heldProjects) == byB)
            #expect(a.coordinator.isLeader && !b.coordinator.isLeader)

            // When A stops (its store closes, giving everything back), B's next round takes all of it and leads
            await a.store.close()
            await b.coordinator.tick(engine: b.engine)
            #expect(b.engine.watchedProjects.count == 4)
            #expect(b.coordinator.isLeader)
        }
    }

    @Test func testCoordinator_start_runsARoundAtOnceAndWakesTheDeliverySideAfterIt() async throws {
        // Given a coordinator on PostgreSQL
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let database = try await StoreKind.postgres.database()
            let store = try await PostgresStateStore.openForTest(database.location)
            let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            let coordinator = ReplicaCoordinator(
                leases: store, scheduler: ConcurrentDispatchQueueScheduler(qos: .default), logger: logger
            )
            let engine = engine(harness, leases: coordinator, store: store)
            let (rounds, round) = AsyncStream.makeStream(of: Void.self)

            // When it starts
            let running = coordinator.start(engine: engine, afterRound: { round.yield() })
            defer { running.dispose() }

            // Then a first round runs at once (it leads), and the delivery side is woken after it: deliveries
            // another replica queued wake nothing on this one otherwise
            var iterator = rounds.makeAsyncIterator()
            _ = await iterator.next()
            #expect(coordinator.isLeader)
        }
    }

    /// Leases in memory, one replica holding whatever it claims, with a database that can go away.
    final class MemoryLeases: ReplicaLeases {
        let replicaID = "memory"
        let leasePeriod: Duration = .seconds(30)
        let location = "glwatch@db:5432/glwatch"
        let failing = Atomic<Bool>(false)
        /// When set, the database never answers (as a pool retrying a database that went away): the call runs this,
        /// then waits until it is cancelled.
        let hanging = Mutex<(@Sendable () -> Void)?>(nil)
        let held = Mutex((leases: [ProjectKey: ProjectFence](), lastToken: Int64(0)))

        private func reachable() async throws {
            if let hang = hanging.withLock({ $0 }) {
                hang()
                try await Task.sleep(for: .seconds(3600))
            }
            guard !failing.load(ordering: .sequentiallyConsistent) else {
                throw StateStoreError.databaseUnreachable(location: "glwatch@db:5432/glwatch", reason: "gone")
            }
        }

        func heartbeat(now: Date) async throws { try await reachable() }
        func offerProjects(_ keys: [ProjectKey]) async throws { try await reachable() }
        func renewLeases(_ held: [ProjectFence], now: Date) async throws -> [ProjectFence] {
            try await reachable()
            return self.held.withLock { state in held.filter { state.leases[$0.project] == $0 } }
        }
        func claimProjects(among keys: [ProjectKey], now: Date, limit: Int) async throws -> ProjectClaim {
            try await reachable()
            let claimed = held.withLock { state in
                keys.filter { state.leases[$0] == nil }.map { key in
                    state.lastToken += 1
                    state.leases[key] = ProjectFence(project: key, token: state.lastToken)
                    return state.leases[key]!
                }
            }
            return ProjectClaim(claimed: claimed, fairShare: keys.count)
        }
        func releaseLeases(_ keys: [ProjectKey]) async throws {
            try await reachable()
            held.withLock { state in for key in keys { state.leases[key] = nil } }
        }
        func acquireLeadership(now: Date) async throws -> Bool {
            try await reachable()
            return true
        }
        func publishLeaderNote(_ name: String, value: String, now: Date, wake: ReplicaWake?) async throws -> Bool {
            try await reachable()
            return false
        }
        func leaderNote(_ name: String) async throws -> LeaderNote? {
            try await reachable()
            return nil
        }
        func leaderLease() async throws -> LeaderLease? {
            try await reachable()
            return nil
        }
        func resign() async throws {}
    }

    @Test func testCoordinator_databaseGoneForALeasePeriod_stopsPolling_andResumesWhenItIsBack() async throws {
        // Given a replica holding both projects of its target and leading, its leases lasting 30 s
        try await withLeadingReplica { leases, scheduler, coordinator, engine in
            let start = scheduler.now

            // When the database goes away, then within the lease period the replica keeps its projects
            leases.failing.store(true, ordering: .sequentiallyConsistent)
            scheduler.advanceTo(20)
            await coordinator.tick(engine: engine)
            #expect(scheduler.now.timeIntervalSince(start) == 20)
            #expect(engine.watchedProjects.count == 2 && coordinator.isLeader)

            // And once a whole lease period passed without a renewal, it stops polling and no longer leads (another
            // replica may hold them by now; no work without a place to commit it)
            scheduler.advanceTo(31)
            await coordinator.tick(engine: engine)
            #expect(engine.watchedProjects.isEmpty && !coordinator.isLeader)

            // And when the database is back, it claims them again
            leases.failing.store(false, ordering: .sequentiallyConsistent)
            leases.held.withLock { $0.leases = [:] }  // they expired meanwhile
            scheduler.advanceTo(40)
            await coordinator.tick(engine: engine)
            #expect(engine.watchedProjects.count == 2 && coordinator.isLeader)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func testCoordinator_aRoundTheDatabaseNeverAnswers_failsAtItsDeadline_andDropsTheLeasesItOutlived() async throws {
        // Given a replica holding both projects of its target and leading, its leases lasting 30 s, its rounds
        // allowed 200 ms of database work
        try await withLeadingReplica(roundDeadline: .milliseconds(200)) { leases, scheduler, coordinator, engine in

            // When the database stops answering (no error, no answer) in a round that begins 25 s after the last
            // renewal, and 31 s have passed by the time the round gives up
            scheduler.advanceTo(25)
            leases.hanging.withLock { $0 = { scheduler.advanceTo(31) } }
            await coordinator.tick(engine: engine)

            // Then the round fails rather than waiting (without its deadline it would wait for an hour), naming the
            // database; and as the leases ran out while it waited, the replica stops polling and no longer leads
            let report = coordinator.report
            #expect(!report.databaseUp)
            #expect(report.problem == "the state database glwatch@db:5432/glwatch did not answer within 200 ms")
            #expect(report.leasesLapsed)
            #expect(engine.watchedProjects.isEmpty && !coordinator.isLeader)

            // And when the database answers again, the next round claims them back
            leases.hanging.withLock { $0 = nil }
            leases.held.withLock { $0.leases = [:] }  // they expired meanwhile
            scheduler.advanceTo(40)
            await coordinator.tick(engine: engine)
            #expect(coordinator.report.databaseUp)
            #expect(engine.watchedProjects.count == 2 && coordinator.isLeader)
        }
    }

    /// Runs `body` with a replica on `MemoryLeases` (virtual time from 0) that polled acme/api and acme/web once and
    /// ran a first round: it holds both and leads.
    private func withLeadingReplica(
        roundDeadline: Duration? = nil,
        _ body: (MemoryLeases, TestScheduler, ReplicaCoordinator, WatchEngine) async throws -> Void
    ) async throws {
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        fake.addProject("acme/web").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let leases = MemoryLeases()
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let coordinator = ReplicaCoordinator(
                leases: leases, scheduler: scheduler,
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), roundDeadline: roundDeadline
            )
            let engine = engine(harness, leases: coordinator)
            _ = await engine.pollAllOnce()
            await coordinator.tick(engine: engine)
            #expect(engine.watchedProjects.count == 2 && coordinator.isLeader)
            try await body(leases, scheduler, coordinator, engine)
        }
    }
}
