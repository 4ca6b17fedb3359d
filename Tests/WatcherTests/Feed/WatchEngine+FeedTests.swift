import FakeGitLab
import Foundation
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// The engine with the change feed, against the fake GitLab in virtual time: a push is polled at the next feed
/// read, a push the feed never shows is found by the sweep, and hints for unwatched projects are only counted.
@Suite(.timeLimit(.minutes(5))) struct WatchEngineFeedTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// A fake where alice is a member of `members` (created under `acme/`), and her token.
    /// (The fake shares the engine's virtual clock: push events are compared with the watch start.)
    func world(
        _ scheduler: TestScheduler, members: [String], public others: [String] = [], graphQL: Bool = true
    ) -> (FakeGitLab, [FakeProject], GitLabAuth) {
        let fake = FakeGitLab(
            configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { scheduler.now }, graphQLEnabled: graphQL)
        )
        let alice = fake.addUser("alice")
        var projects = members.map { fake.addProject($0, visibility: .private, members: [alice]) }
        projects += others.map { fake.addProject($0) }
        for project in projects { project.commits(1, by: [ann]) }
        return (fake, projects, .privateToken(GitLabSecret(fake.addPersonalAccessToken(for: alice))))
    }

    func feedConfiguration(sweep: TimeInterval = 600) -> EngineConfiguration {
        EngineConfiguration(feed: FeedConfiguration(instances: ["fake"], sweepInterval: sweep))
    }

    /// Starts `engine` at 0, waits for discovery and the priming feed read, then for the baselines (at once, at 1).
    func startAndBaseline(
        _ engine: WatchEngine, _ scheduler: TestScheduler, _ counter: ActivityCounter, projects: [ProjectKey]
    ) async throws -> any Disposable {
        let running = engine.start()
        do {
            scheduler.advanceTo(1)
            try await counter.wait { if case .discovered = $0 { true } else { false } }
            try await counter.waitForFeedReads(1)
            scheduler.advanceTo(2)
            for key in projects { try await counter.waitForPolls(of: key, 1) }
        } catch {
            running.dispose()
            throw error
        }
        return running
    }

    @Test func testFeed_aPushIsPolledAtTheNextFeedRead() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = world(scheduler, members: ["acme/api"])
        let api = projects[0]
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            // Given a covered project after its baseline
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler,
                configuration: feedConfiguration()
            )
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(api)])
            defer { running.dispose() }

            // When it is pushed to, and the feed is read at 61
            let pushed = api.commits(2, by: [ann])
            let before = fake.requests.count
            scheduler.advanceTo(61)
            try await counter.waitForFeedReads(2)
            scheduler.advanceTo(62)
            try await counter.waitForPolls(of: harness.key(api), 2)

            // Then the hint polls it at once, through the usual examine path
            let read = counter.feedReads[1]
            #expect(read.polled == 1)
            #expect(read.covered == 1)
            #expect(read.requests == 1)
            let poll = counter.polls(of: harness.key(api))[1]
            #expect(poll.startedAt == Date(timeIntervalSince1970: 61))
            #expect(poll.eventsStored == 1)
            let announced = try await harness.events(of: api).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
            // And that poll, told to expect a push, read the branch's head with its new commits: one request
            let projectReads = fake.requests.dropFirst(before).map(\.path)
                .filter { $0.hasPrefix("/api/v4/projects/\(api.id)/") }
            #expect(projectReads == ["/api/v4/projects/\(api.id)/repository/commits"])
        }
    }

    @Test func testFeed_aPushTheFeedNeverShowsIsFoundByTheSweep() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = world(scheduler, members: ["acme/api"])
        let api = projects[0]
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler,
                configuration: feedConfiguration(sweep: 600)
            )
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(api)])
            defer { running.dispose() }

            // Given a push whose event never becomes visible (a hint that never arrives)
            fake.eventVisibility = .delayed(by: 10_000_000)
            let pushed = api.commits(1, by: [ann])
            let sweepAt = 2 + 600 * ChangeFeed.phase(of: api.id)  // after the baseline, which ended at 2

            // When time passes up to just before the project's sweep, then past it
            scheduler.advanceTo(Int(sweepAt.rounded(.down)))
            #expect(counter.polls(of: harness.key(api)).count == 1)
            scheduler.advanceTo(Int(sweepAt.rounded(.up)) + 1)
            try await counter.waitForPolls(of: harness.key(api), 2)

            // Then the sweep polls it directly (not the idle backoff's 60 s) and nothing is lost
            let sweep = counter.polls(of: harness.key(api))[1]
            #expect(abs(sweep.startedAt.timeIntervalSince1970 - sweepAt) < 1)  // virtual time has whole seconds
            #expect(sweep.eventsStored == 1)
            let announced = try await harness.events(of: api).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }

    @Test func testFeed_aPushToAnUnwatchedProjectIsIgnoredAndCounted() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = world(scheduler, members: ["acme/api", "other/tool"])
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler,
                configuration: feedConfiguration()
            )
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(projects[0])])
            defer { running.dispose() }

            projects[1].commits(1, by: [ann])
            scheduler.advanceTo(61)
            try await counter.waitForFeedReads(2)

            #expect(counter.feedReads[1].ignored == 1)
            #expect(counter.feedReads[1].polled == 0)
        }
    }

    @Test func testFeed_severalPushesToOneProjectMakeOnePoll() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = world(scheduler, members: ["acme/api"])
        let api = projects[0]
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler,
                configuration: feedConfiguration()
            )
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(api)])
            defer { running.dispose() }

            let first = api.commits(1, by: [ann])
            let second = api.commits(2, by: [ann])
            scheduler.advanceTo(61)
            try await counter.waitForFeedReads(2)
            scheduler.advanceTo(62)
            try await counter.waitForPolls(of: harness.key(api), 2)

            #expect(counter.feedReads[1].polled == 1)
            #expect(counter.polls(of: harness.key(api)).count == 2)
            let announced = try await harness.events(of: api).flatMap(\.commits).map(\.id)
            #expect(announced == first + second)
        }
    }

    @Test func testFeed_aBulkPushPollsTheWholeProject() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = world(scheduler, members: ["acme/api"])
        let api = projects[0]
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            var target = harness.groupTarget("acme", base: 60)
            target.options.branches = .all
            let engine = harness.engine(targets: [target], scheduler: scheduler, configuration: feedConfiguration())
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(api)])
            defer { running.dispose() }

            // Given one push of four branches: one event without a ref
            api.pushBranches(["main", "a", "b", "c"])
            scheduler.advanceTo(61)
            try await counter.waitForFeedReads(2)
            scheduler.advanceTo(62)
            try await counter.waitForPolls(of: harness.key(api), 2)

            // Then the project is polled and every branch is reported
            #expect(counter.feedReads[1].polled == 1)
            let events = try await harness.events(of: api)
            #expect(events.filter { $0.type == .branchCreated }.compactMap(\.branch).sorted() == ["a", "b", "c"])
            #expect(events.contains { $0.type == .commitsNew && $0.branch == "main" })
        }
    }

    @Test func testFeed_aProjectTheFeedCannotSeeIsBatchedThroughGraphQL() async throws {
        // Given a watched public project alice is not a member of, on a 120 s cadence, and a feed read every 20 s
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = world(scheduler, members: ["acme/api"], public: ["acme/public"])
        let outside = projects[1]
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 120)], scheduler: scheduler,
                configuration: EngineConfiguration(
                    feed: FeedConfiguration(instances: ["fake"], sweepInterval: 6_000, interval: 20)
                )
            )
            let counter = ActivityCounter(engine)
            let running = engine.start()
            defer { running.dispose() }
            scheduler.advanceTo(1)
            try await counter.wait { if case .discovered = $0 { true } else { false } }
            try await counter.waitForFeedReads(1)
            scheduler.advanceTo(2)
            try await counter.waitForPolls(of: harness.key(outside), 1)
            // (the batches at 21 and 41 record its head: it is covered, its next direct poll is the sweep)
            for (time, reads) in [(21, 2), (41, 3)] {
                scheduler.advanceTo(time)
                try await counter.waitForFeedReads(reads)
            }

            // When it is pushed to
            let pushed = outside.commits(1, by: [ann])
            scheduler.advanceTo(61)
            try await counter.waitForFeedReads(4)
            scheduler.advanceTo(62)
            try await counter.waitForPolls(of: harness.key(outside), 2)

            // Then the GraphQL batch saw its head move and it was polled at once, not on its 120 s cadence
            #expect(counter.feedReads[3].batchRequests == 1)
            #expect(counter.feedReads[3].polled == 1)
            let poll = counter.polls(of: harness.key(outside))[1]
            #expect(poll.startedAt == Date(timeIntervalSince1970: 61))
            let announced = try await harness.events(of: outside).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
        }
    }

    @Test func testFeed_whenGraphQLFailsAProjectTheFeedCannotSeeKeepsItsOwnCadence() async throws {
        // Given a watched public project alice is not a member of, and a GitLab without GraphQL
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = world(scheduler, members: ["acme/api"], public: ["acme/public"], graphQL: false)
        let (api, outside) = (projects[0], projects[1])
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler,
                configuration: feedConfiguration(sweep: 6_000)
            )
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(
                engine, scheduler, counter, projects: [harness.key(api), harness.key(outside)]
            )
            defer { running.dispose() }

            // When a cadence interval passes (random 0.5: the second poll a whole interval after the first ended)
            scheduler.advanceTo(63)
            try await counter.waitForPolls(of: harness.key(outside), 2)

            // Then the outside project was probed on its cadence; the covered one waits for the sweep or a hint
            #expect(counter.polls(of: harness.key(outside))[1].startedAt == Date(timeIntervalSince1970: 62))
            #expect(counter.polls(of: harness.key(api)).count == 1)
        }
    }
}
