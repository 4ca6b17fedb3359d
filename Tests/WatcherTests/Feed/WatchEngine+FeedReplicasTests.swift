import FakeGitLab
import Foundation
import RxCore
import RxCoreTest
import Synchronization
import Testing

@testable import Watcher

/// The change feed among replicas, in virtual time: only the leader reads GitLab's feed and passes the hints for
/// the others' projects on; a follower that cannot hear them reads the feed itself; a new leader goes on from where
/// the previous one's feed stood, so a push between the two is hinted rather than primed over.
@Suite(.timeLimit(.minutes(5))) struct WatchEngineFeedReplicasTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let feedTests = WatchEngineFeedTests()

    /// Replicas sharing one change feed in memory: the leader's notes, and hints passed straight to the other
    /// replicas' engines (what `NOTIFY` does between processes).
    final class Hub: Sendable {
        /// The time notes are stamped with.
        let clock: @Sendable () -> Date
        let notes = Mutex<[String: LeaderNote]>([:])
        /// The wake-ups notes were published with.
        let wakes = Mutex<[ReplicaWake]>([])

        init(clock: @escaping @Sendable () -> Date = { Date() }) {
            self.clock = clock
        }

        let engines = Mutex<[String: WatchEngine]>([:])
        let passedOn = Mutex<[ForwardedHint]>([])

        func pass(_ hints: [ForwardedHint]) {
            passedOn.withLock { $0 += hints }
            let engines = engines.withLock { $0 }
            for hint in hints {
                for (id, engine) in engines where id != hint.sender { engine.forwardedHint(hint) }
            }
        }
    }

    /// One replica's leases, set by hand, sharing the feed through `hub`.
    final class Replica: ProjectLeaseFilter {
        let id: String
        let hub: Hub
        let state = Mutex((held: [ProjectKey: ProjectFence](), leader: false, hearing: true))
        /// How many more times passing hints on fails (the database unreachable).
        let forwardFailures = Mutex(0)

        init(_ id: String, hub: Hub, leader: Bool, holding keys: [ProjectKey]) {
            self.id = id
            self.hub = hub
            state.withLock { state in
                state.leader = leader
                state.held = Dictionary(uniqueKeysWithValues: keys.map { ($0, ProjectFence(project: $0, token: 1)) })
            }
        }

        func fence(for key: ProjectKey) -> ProjectFence? { state.withLock { $0.held[key] } }
        var isLeader: Bool { state.withLock { $0.leader } }
        func lost(_ fence: ProjectFence) {}
        var sharesLeaderReads: Bool { true }
        var hearsFeedHints: Bool { state.withLock { $0.hearing } }
        func forwardFeedHints(_ hints: [FeedHint], instance: String) async throws {
            if forwardFailures.withLock({ failures in defer { failures = max(0, failures - 1) }; return failures > 0 }) {
                throw StateStoreError.databaseUnreachable(location: "test", reason: "restarting")
            }
            hub.pass(hints.map { ForwardedHint($0, instance: instance, sender: id) })
        }
        func leaderNote(_ name: String) async throws -> LeaderNote? { hub.notes.withLock { $0[name] } }
        func publishLeaderNote(_ name: String, value: String, wake: ReplicaWake?) async throws -> Bool {
            guard isLeader else { return false }
            hub.notes.withLock { $0[name] = LeaderNote(value: value, writtenAt: hub.clock(), writtenBy: id) }
            if let wake { hub.wakes.withLock { $0.append(wake) } }
            return true
        }
    }

    /// Two replicas of one watch on one fake: `a` leads and holds api, `b` holds web; the feed is read every 60 s,
    /// the targets' own cadence is 600 s (so only a hint polls within the test).
    struct TwoReplicas {
        let scheduler: TestScheduler
        let hub: Hub
        let a: (replica: Replica, engine: WatchEngine, counter: ActivityCounter)
        let b: (replica: Replica, engine: WatchEngine, counter: ActivityCounter)
    }

    /// The world most tests here share: alice's token, a member of acme/api and acme/web, and two replicas of the
    /// watched group (`twoReplicas`), given to `prepare` before they start and to `body` after their first polls.
    func withTwoReplicas(
        prepare: (TwoReplicas) -> Void = { _ in },
        _ body: (TwoReplicas, EngineTestHarness, FakeGitLab, _ api: FakeProject, _ web: FakeProject) async throws -> Void
    ) async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = feedTests.world(scheduler, members: ["acme/api", "acme/web"])
        let (api, web) = (projects[0], projects[1])
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            let replicas = twoReplicas(harness, scheduler, api: api, web: web)
            prepare(replicas)
            let running = try await start(replicas, harness, api: api, web: web)
            defer { running.dispose() }
            try await body(replicas, harness, fake, api, web)
        }
    }

    func twoReplicas(_ harness: EngineTestHarness, _ scheduler: TestScheduler, api: FakeProject, web: FakeProject)
        -> TwoReplicas
    {
        let hub = Hub(clock: { scheduler.now })
        let configuration = EngineConfiguration(
            feed: FeedConfiguration(instances: ["fake"], sweepInterval: 600, interval: 60)
        )
        func replica(_ id: String, leader: Bool, holding project: FakeProject)
            -> (Replica, WatchEngine, ActivityCounter)
        {
            let replica = Replica(id, hub: hub, leader: leader, holding: [harness.key(project)])
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 600)], scheduler: scheduler, configuration: configuration,
                leases: replica
            )
            hub.engines.withLock { $0[id] = engine }
            return (replica, engine, ActivityCounter(engine))
        }
        return TwoReplicas(
            scheduler: scheduler, hub: hub, a: replica("a", leader: true, holding: api),
            b: replica("b", leader: false, holding: web)
        )
    }

    /// Starts both at 0 and waits for their first feed reads and first polls (at 1 and 2).
    func start(_ replicas: TwoReplicas, _ harness: EngineTestHarness, api: FakeProject, web: FakeProject)
        async throws -> any Disposable
    {
        let running = Disposables.create(replicas.a.engine.start(), replicas.b.engine.start())
        do {
            replicas.scheduler.advanceTo(1)
            for counter in [replicas.a.counter, replicas.b.counter] {
                try await counter.wait { if case .discovered = $0 { true } else { false } }
                try await counter.waitForFeedReads(1)
            }
            replicas.scheduler.advanceTo(2)
            try await replicas.a.counter.waitForPolls(of: harness.key(api), 1)
            try await replicas.b.counter.waitForPolls(of: harness.key(web), 1)
        } catch {
            running.dispose()
            throw error
        }
        return running
    }

    /// Pushes `count` commits to web, lets the feed read at 61 s (waiting for the reads of b and of `readers`, whose
    /// hints must be scheduled before time moves on) and waits for b's second poll of web, at 62 s at the latest;
    /// returns the commits pushed.
    func pushToWeb(
        _ count: Int, _ replicas: TwoReplicas, _ harness: EngineTestHarness, web: FakeProject,
        readers: [ActivityCounter] = []
    ) async throws -> [String] {
        let pushed = web.commits(count, by: [ann])
        replicas.scheduler.advanceTo(61)
        for counter in readers + [replicas.b.counter] { try await counter.waitForFeedReads(2) }
        replicas.scheduler.advanceTo(62)
        try await replicas.b.counter.waitForPolls(of: harness.key(web), 2)
        return pushed
    }

    @Test func testReplicas_onlyTheLeaderReadsTheFeed_andAPushToAFollowersProjectIsPolledByTheFollower() async throws {
        try await withTwoReplicas { replicas, harness, fake, api, web in
            // Given two replicas after their first polls: a leads and holds api, b holds web
            let (a, b) = (replicas.a, replicas.b)

            // When web is pushed to and the feed is due at 61
            fake.resetRequestLog()
            let pushed = try await pushToWeb(2, replicas, harness, web: web, readers: [a.counter])

            // Then only the leader read GitLab's feed, and passed the hint for web on to b
            #expect(fake.requestCount(matching: .path("/api/v4/events")) == 1)
            #expect(a.counter.feedReads[1].requests == 1 && a.counter.feedReads[1].forwarded == 1)
            #expect(b.counter.feedReads[1].followed && b.counter.feedReads[1].requests == 0)
            #expect(replicas.hub.passedOn.withLock { $0.map(\.project) } == [web.id])

            // And b polled web at once on that hint, through the usual examine path (a never polled it)
            let poll = b.counter.polls(of: harness.key(web))[1]
            #expect(poll.trigger == .feed)
            #expect(poll.startedAt == Date(timeIntervalSince1970: 61))
            #expect(a.counter.polls(of: harness.key(web)).isEmpty)
            let announced = try await harness.events(of: web).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)

            // And b counts web as covered by the leader's feed (its direct polls are the sweep's), as a does api
            #expect(b.engine.feeds["fake"]?.covers(web.id, now: replicas.scheduler.now) == true)
            #expect(a.engine.feeds["fake"]?.covers(api.id, now: replicas.scheduler.now) == true)
        }
    }

    @Test func testReplicas_aFollowerThatCannotHearTheLeader_readsTheFeedItself() async throws {
        // Given b whose wake-up listener is down (the leader's hints would not reach it)
        try await withTwoReplicas { replicas in
            replicas.b.replica.state.withLock { $0.hearing = false }
            replicas.hub.engines.withLock { $0["b"] = nil }
        } _: { replicas, harness, fake, api, web in

            // When web is pushed to
            let pushed = try await pushToWeb(1, replicas, harness, web: web)

            // Then b read the feed itself and polled web on its own hint
            let read = replicas.b.counter.feedReads[1]
            #expect(!read.followed && read.requests >= 1 && read.polled == 1)
            #expect(replicas.b.counter.polls(of: harness.key(web))[1].trigger == .feed)
            let announced = try await harness.events(of: web).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }

    @Test func testReplicas_aNewLeaderGoesOnFromThePreviousLeadersNote_soAPushInBetweenIsHinted() async throws {
        try await withTwoReplicas { replicas, harness, fake, api, web in
            // Given a that led and read the feed at 0 (priming it) and b that followed
            let (a, b) = (replicas.a, replicas.b)
            #expect(replicas.hub.notes.withLock { $0[FeedNote.name(instance: "fake")] } != nil)

            // When a stops leading (its lease expired) and web is pushed to before b's first read as leader
            a.replica.state.withLock { $0.leader = false }
            replicas.hub.engines.withLock { $0["a"] = nil }
            b.replica.state.withLock { $0.leader = true }
            let pushed = try await pushToWeb(1, replicas, harness, web: web)

            // Then b's first read goes on from a's note: it hints the push (a fresh reader would only prime)
            let read = b.counter.feedReads[1]
            #expect(!read.followed && read.polled == 1)
            #expect(b.counter.polls(of: harness.key(web))[1].trigger == .feed)
            let announced = try await harness.events(of: web).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }

    @Test func testReplicas_aFollowerThatStopsHearingTheLeader_goesOnFromTheLeadersRead_soAPushInBetweenIsHinted()
        async throws
    {
        try await withTwoReplicas { replicas, harness, fake, api, web in
            // Given b following a (it never read the feed itself), then no longer hearing a's hints, and a gone
            #expect(replicas.b.counter.feedReads[0].followed)
            replicas.b.replica.state.withLock { $0.hearing = false }
            replicas.hub.engines.withLock { $0 = [:] }

            // When web is pushed to before b's first read of its own
            let pushed = try await pushToWeb(1, replicas, harness, web: web)

            // Then that read goes on from a's: it hints the push (a fresh reader would only prime)
            let read = replicas.b.counter.feedReads[1]
            #expect(!read.followed && read.polled == 1)
            #expect(replicas.b.counter.polls(of: harness.key(web))[1].trigger == .feed)
            let announced = try await harness.events(of: web).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }

    @Test func testReplicas_hintsTheLeaderCannotPassOn_arePassedOnAtItsNextRead() async throws {
        try await withTwoReplicas { replicas, harness, fake, api, web in
            // Given two replicas after their first polls, and a leader that cannot pass hints on at its next read
            let (a, b) = (replicas.a, replicas.b)
            a.replica.forwardFailures.withLock { $0 = 1 }

            // When web is pushed to and the feed is read at 61 (the hint is not passed on), then again at 121
            let pushed = web.commits(1, by: [ann])
            replicas.scheduler.advanceTo(61)
            try await a.counter.waitForFeedReads(2)
            #expect(a.counter.feedReads[1].forwarded == 0)
            #expect(replicas.hub.passedOn.withLock { $0.isEmpty })
            replicas.scheduler.advanceTo(121)
            try await a.counter.waitForFeedReads(3)
            replicas.scheduler.advanceTo(122)
            try await b.counter.waitForPolls(of: harness.key(web), 2)

            // Then the second read passed the hint on (the event was un-seen), and b polled web on it then, not at
            // its sweep ten minutes later
            #expect(a.counter.feedReads[2].forwarded == 1)
            let poll = b.counter.polls(of: harness.key(web))[1]
            #expect(poll.trigger == .feed && poll.startedAt == Date(timeIntervalSince1970: 121))
            let announced = try await harness.events(of: web).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }

    @Test func testReplicas_aFollowerThatHearsTheLeaderAgain_pollsItsCoveredProjects() async throws {
        try await withTwoReplicas { replicas, harness, fake, api, web in
            // Given b following a, whose listener dropped while a passed on the hint of a push to web (lost)
            let (a, b) = (replicas.a, replicas.b)
            replicas.hub.engines.withLock { $0["b"] = nil }
            let pushed = web.commits(1, by: [ann])
            replicas.scheduler.advanceTo(61)
            try await a.counter.waitForFeedReads(2)
            #expect(a.counter.feedReads[1].forwarded == 1)
            #expect(b.counter.polls(of: harness.key(web)).count == 1)

            // When b's listener listens again at 70 (the runtime's `heardAgain`)
            replicas.scheduler.advanceTo(70)
            b.engine.wakeFeedCoveredProjects()
            replicas.scheduler.advanceTo(71)
            try await b.counter.waitForPolls(of: harness.key(web), 2)

            // Then b polled its covered project at once, and the push is announced
            let poll = b.counter.polls(of: harness.key(web))[1]
            #expect(poll.trigger == .feed && poll.startedAt == Date(timeIntervalSince1970: 70))
            let announced = try await harness.events(of: web).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }
}
