import FakeGitLab
import Foundation
import Notifier
import Synchronization
import Testing

@testable import Watcher

/// Tags (`tags: true`, issue 14): a silent baseline, `tag.created` for lightweight and annotated tags,
/// `tag.deleted`, a moved tag as both, the tag list read only when a push event (or the sweep) says so, and never
/// with `tags: false`.
@Suite struct ProjectPollerTagsTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    func poller(
        _ harness: EngineTestHarness, _ project: FakeProject, world: ProjectPollerBaselineTests.World,
        tags: Bool = true, sweep: TimeInterval = 3600, watchStart: Date? = nil
    ) -> ProjectPoller {
        var options = PollOptions()
        options.tags = tags
        return ProjectPoller(
            key: harness.key(project), options: options, source: GitLabProjectSource(client: harness.client),
            store: harness.store, router: EventRouter(rules: []), watchStart: watchStart, sweepInterval: sweep,
            now: { world.now }
        )
    }

    /// The requests for `project`'s tag list since `index`.
    func tagListReads(_ fake: FakeGitLab, _ project: FakeProject, since index: Int = 0) -> Int {
        fake.requests.dropFirst(index).filter { $0.path.hasSuffix("/projects/\(project.id)/repository/tags") }.count
    }

    @Test func testTags_firstPoll_recordsTheTagsSilently() async throws {
        // Given a project with a lightweight and an annotated tag
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(2, by: [ann]).last!
        project.tag("v1.0", at: head)
        project.tag("v1.1", at: head, message: "Release 1.1")
        try await EngineTestHarness.run(world.fake) { harness throws in
            // When the project is polled for the first time with tags: true
            _ = await poller(harness, project, world: world).poll()

            // Then nothing is announced, and both tags are stored with their commit and message
            #expect(try await harness.events(of: project).isEmpty)
            let tags = try #require(try await harness.store.projectState(harness.key(project))?.tags)
            #expect(tags.map(\.name) == ["v1.0", "v1.1"])
            #expect(tags.map(\.sha) == [head, head])
            #expect(tags.map(\.message) == [nil, "Release 1.1"])
        }
    }

    /// Polls `project` with `tags: true` (its baseline), runs `change` a minute later, polls again a minute after
    /// that and returns what the second poll found and the stored events (without `commits.new`).
    func afterBaseline(
        of project: FakeProject, in world: ProjectPollerBaselineTests.World, _ change: @escaping @Sendable () -> Void
    ) async throws -> (outcome: PollOutcome, events: [WatchEvent], tags: [StoredTag]?) {
        var result: (PollOutcome, [WatchEvent], [StoredTag]?)?
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = poller(harness, project, world: world)
            _ = await poller.poll()
            world.advance(60)
            change()
            world.advance(60)
            let outcome = await poller.poll()
            let events = try await harness.events(of: project).filter { $0.type != .commitsNew }
            result = (outcome, events, try await harness.store.projectState(harness.key(project))?.tags)
        }
        return try #require(result)
    }

    @Test func testTags_lightweightTagPushed_isTagCreated() async throws {
        // Given a tracked project without tags
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(2, by: [ann]).last!

        // When a lightweight tag is pushed
        let (outcome, events, _) = try await afterBaseline(of: project, in: world) { project.tag("v2.0", at: head) }

        // Then it is announced with its commit, its page and no message; it is about no branch
        #expect(outcome == .changed)
        #expect(events.map(\.type) == [.tagCreated])
        guard case .tagCreated(let created) = events.first?.details else { return }
        #expect(created.tag == "v2.0")
        #expect(created.sha == head)
        #expect(created.message == nil)
        #expect(created.commit?.id == head)
        #expect(created.webURL?.hasSuffix("/acme/api/-/tags/v2.0") == true)
        #expect(events.first?.branch == nil)
    }

    @Test func testTags_annotatedTagPushed_carriesItsMessageAndTheCommitNotTheTagObject() async throws {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(2, by: [ann]).last!

        let (_, events, _) = try await afterBaseline(of: project, in: world) {
            project.tag("v3.0", at: head, message: "Release 3.0\n\nThe big one.")
        }

        guard case .tagCreated(let created) = events.first?.details else {
            Issue.record("expected tag.created, got \(events.map(\.type))")
            return
        }
        #expect(created.sha == head)
        #expect(created.message == "Release 3.0\n\nThe big one.")
    }

    @Test func testTags_tagDeleted_isTagDeletedWithWhereItPointed() async throws {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(2, by: [ann]).last!
        project.tag("v1.0", at: head, message: "One")

        let (_, events, tags) = try await afterBaseline(of: project, in: world) { project.deleteTag("v1.0") }

        #expect(events.map(\.type) == [.tagDeleted])
        guard case .tagDeleted(let deleted) = events.first?.details else { return }
        #expect(deleted.tag == "v1.0")
        #expect(deleted.lastSHA == head)
        #expect(deleted.message == "One")
        #expect(tags == [])
    }

    @Test func testTags_tagMovedToAnotherCommit_isDeletedThenCreated() async throws {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let old = project.commits(1, by: [ann]).last!
        project.tag("latest", at: old)
        let new = Mutex<String?>(nil)

        let (_, events, _) = try await afterBaseline(of: project, in: world) {
            let head = project.commits(1, by: [ann]).last!
            new.withLock { $0 = head }
            project.tag("latest", at: head)
        }

        #expect(events.map(\.type) == [.tagDeleted, .tagCreated])
        guard case .tagDeleted(let deleted) = events.first?.details,
            case .tagCreated(let created) = events.last?.details
        else { return }
        #expect(deleted.lastSHA == old)
        #expect(created.sha == new.withLock { $0 })
    }

    @Test func testTags_nothingPushed_theTagListIsNotReadAgainUntilTheSweep() async throws {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(1, by: [ann]).last!
        try await EngineTestHarness.run(world.fake) { harness throws in
            // Given a tracked project (tag sweep: one hour)
            let poller = poller(harness, project, world: world, sweep: 3600)
            _ = await poller.poll()
            #expect(tagListReads(world.fake, project) == 2)  // an empty list is read twice before it is believed

            // When it is polled again with no push, the list is not read
            world.advance(60)
            let before = world.fake.requests.count
            #expect(await poller.poll() == .unchanged)
            #expect(tagListReads(world.fake, project, since: before) == 0)

            // And a tag whose push event is not visible yet is found by the sweep, an hour after the last read
            world.fake.eventVisibility = .delayed(by: 10_000_000)
            project.tag("v1", at: head)
            world.advance(60)
            _ = await poller.poll()
            #expect(try await harness.events(of: project).isEmpty)
            world.advance(3600)
            _ = await poller.poll()
            #expect(try await harness.events(of: project).map(\.type) == [.tagCreated])
        }
    }

    @Test func testTags_off_neverReadsTheTagList() async throws {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(1, by: [ann]).last!
        project.tag("v1", at: head)
        try await EngineTestHarness.run(world.fake) { harness throws in
            // Given the default, tags: false
            let poller = poller(harness, project, world: world, tags: false)
            _ = await poller.poll()

            // When tags are pushed and deleted between polls
            world.advance(60)
            project.tag("v2", at: head)
            project.deleteTag("v1")
            world.advance(60)
            _ = await poller.poll()

            // Then no tag request is sent, nothing is announced and no tags are tracked
            #expect(world.fake.requests.filter { $0.path.contains("/repository/tags") }.isEmpty)
            #expect(try await harness.events(of: project).isEmpty)
            #expect(try await harness.store.projectState(harness.key(project))?.tags == nil)
        }
    }

    @Test func testTags_turnedOffThenOn_startsFromANewSilentBaseline() async throws {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(1, by: [ann]).last!
        try await EngineTestHarness.run(world.fake) { harness throws in
            // Given tracked tags, then a poll with tags: false (a reloaded config)
            _ = await poller(harness, project, world: world).poll()
            world.advance(60)
            _ = await poller(harness, project, world: world, tags: false).poll()
            #expect(try await harness.store.projectState(harness.key(project))?.tags == nil)

            // When a tag is pushed while tags are off, then tags are turned on again
            project.tag("v1", at: head)
            world.advance(60)
            _ = await poller(harness, project, world: world).poll()

            // Then the tag is part of the new baseline, not announced
            #expect(try await harness.events(of: project).isEmpty)
            #expect(try await harness.store.projectState(harness.key(project))?.tags?.map(\.name) == ["v1"])
        }
    }

    @Test func testTags_aListThatLostATag_isConfirmedTagByTag_andDeletesNothing() async throws {
        // Given a tracked tag, and a GitLab whose next tag list comes back without it (shifted while paged)
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(1, by: [ann]).last!
        project.tag("v1", at: head)
        let losses = LossBudget()
        let dropTags: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            RewritingTransport(base, answer: { request, response in
                guard request.url.path.hasSuffix("/repository/tags"), losses.take() else { return response }
                var emptied = response
                emptied.body = Array("[]".utf8)
                return emptied
            })
        }
        try await EngineTestHarness.run(world.fake, wrap: dropTags) { harness throws in
            let poller = poller(harness, project, world: world)
            _ = await poller.poll()

            // When something is pushed (so the list is read) and the list lacks v1 (on both readings: an empty
            // answer is read twice)
            losses.set(2)
            world.advance(60)
            project.commits(1, by: [ann])
            world.advance(60)
            _ = await poller.poll()

            // Then v1 was asked for on its own, found, and neither announced deleted nor forgotten
            #expect(world.fake.requests.contains { $0.path.hasSuffix("/repository/tags/v1") })
            #expect(try await harness.events(of: project).filter { $0.type == .tagDeleted }.isEmpty)
            #expect(try await harness.store.projectState(harness.key(project))?.tags?.map(\.name) == ["v1"])
        }
    }

    @Test func testTags_pushEventsNotReadable_theTagListIsReadEveryPoll() async throws {
        // Given a token that may not read the project's events (403, as for a Guest)
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(1, by: [ann]).last!
        let forbidEvents: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            RewritingTransport(base, answer: { request, response in
                guard request.url.path.hasSuffix("/events") else { return response }
                return GitLabHTTPResponse(status: 403, body: Array(#"{"message":"403 Forbidden"}"#.utf8))
            })
        }
        try await EngineTestHarness.run(world.fake, wrap: forbidEvents) { harness throws in
            let poller = poller(harness, project, world: world)
            #expect(await poller.poll() == .changed)

            // When it is polled again with nothing pushed, then after a tag was pushed
            world.advance(60)
            _ = await poller.poll()
            project.tag("v1", at: head)
            world.advance(60)
            _ = await poller.poll()

            // Then every poll read the tag list (no probe to trust; the two empty ones twice), and the tag is
            // announced
            #expect(tagListReads(world.fake, project) == 5)
            #expect(try await harness.events(of: project).map(\.type) == [.tagCreated])
        }
    }

    @Test func testTags_pushedAndDeletedAfterWatchStartBeforeTheFirstPoll_areAnnounced() async throws {
        // Given a project glwatch began watching at `start`, with tag `old` then
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(1, by: [ann]).last!
        project.tag("old", at: head)
        world.advance(10)
        let start = world.now
        // And, before its first poll, `old` deleted and `new` pushed
        world.advance(5)
        project.deleteTag("old")
        project.tag("new", at: head)
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = poller(harness, project, world: world, watchStart: start)

            // When the first poll runs, then the next one
            _ = await poller.poll()
            world.advance(60)
            _ = await poller.poll()

            // Then the baseline was as of `start`: both changes are announced, once
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.tagCreated, .tagDeleted])
            guard case .tagDeleted(let deleted) = events.last?.details else { return }
            #expect(deleted.tag == "old")
            #expect(deleted.lastSHA == head)
            #expect(try await harness.store.projectState(harness.key(project))?.tags?.map(\.name) == ["new"])
        }
    }
}
