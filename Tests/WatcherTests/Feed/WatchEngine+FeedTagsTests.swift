import FakeGitLab
import Foundation
import Notifier
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// Tag pushes in the change feed: they wake a project whose target has `tags: true` (its poll then reads the
/// tags), and are filtered for any other target.
extension WatchEngineFeedTests {
    /// Runs a feed engine on a group target with `tags`, pushes tag `v1` after the baseline and reads the feed at
    /// 61; returns the second feed read, the project's stored events, its polls and the paths its poll read.
    private func tagPushReachingTheFeed(tags: Bool) async throws -> (
        FeedReport, [WatchEvent], polls: Int, reads: [String]
    ) {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = world(scheduler, members: ["acme/api"])
        let api = projects[0]
        var result: (FeedReport, [WatchEvent], polls: Int, reads: [String])?
        try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness in
            var target = harness.groupTarget("acme", base: 60)
            target.options.tags = tags
            let engine = harness.engine(targets: [target], scheduler: scheduler, configuration: feedConfiguration())
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(api)])
            defer { running.dispose() }

            api.tag("v1", at: api.head(of: "main")!)
            let before = fake.requests.count
            scheduler.advanceTo(61)
            try await counter.waitForFeedReads(2)
            if tags {
                scheduler.advanceTo(62)
                try await counter.waitForPolls(of: harness.key(api), 2)
            }
            let events = try await harness.events(of: api)
            let reads = fake.requests.dropFirst(before).map(\.path)
                .filter { $0.hasPrefix("/api/v4/projects/\(api.id)/") }
            result = (counter.feedReads[1], events, counter.polls(of: harness.key(api)).count, reads)
        }
        return try #require(result)
    }

    @Test func testFeed_aTagPushWakesAProjectWithTags_andItsPollAnnouncesTheTag() async throws {
        // Given a covered project whose target has tags: true, when a tag is pushed and the feed read
        let (read, events, polls, reads) = try await tagPushReachingTheFeed(tags: true)

        // Then the hint polls it, and that poll announces the tag
        #expect(read.polled == 1)
        #expect(read.filtered == 0)
        #expect(polls == 2)
        #expect(events.map(\.type) == [.tagCreated])
        // And, a tag push moving no branch, the poll reads the head alone, no range with it
        #expect(!reads.contains { $0.hasSuffix("/repository/commits") })
        #expect(reads.contains { $0.hasSuffix("/repository/branches/main") })
    }

    @Test func testFeed_aTagPushIsFilteredForATargetWithoutTags() async throws {
        let (read, events, polls, _) = try await tagPushReachingTheFeed(tags: false)

        #expect(read.polled == 0)
        #expect(read.filtered == 1)
        #expect(polls == 1)
        #expect(events.isEmpty)
    }

    @Test func testFeed_aProjectWithTagsTheFeedCannotSee_isNotBatched_soItsOwnProbeSeesTagPushes() async throws {
        // Given a public project alice is not a member of (the feed cannot see it), watched with and without tags
        for tags in [false, true] {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let (fake, projects, auth) = world(scheduler, members: ["acme/api"], public: ["acme/public"])
            let outside = projects[1]
            try await EngineTestHarness.run(fake, auth: auth, scheduler: scheduler) { harness throws in
                var target = harness.groupTarget("acme", base: 120)
                target.options.tags = tags
                let engine = harness.engine(targets: [target], scheduler: scheduler, configuration: feedConfiguration())
                let counter = ActivityCounter(engine)
                let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(outside)])
                defer { running.dispose() }

                // When the GraphQL batch's candidates are listed
                let feed = try #require(engine.feeds["fake"])
                let candidates = engine.batchCandidates(of: feed).map(\.project)

                // Then a tag push, which moves no head, is left to the project's own push-event probe
                #expect(candidates == (tags ? [] : [outside.id]), "tags: \(tags)")
            }
        }
    }
}
