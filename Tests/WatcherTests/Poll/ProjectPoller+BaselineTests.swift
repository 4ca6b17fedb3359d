import FakeGitLab
import Foundation
import Notifier
import Synchronization
import Testing

@testable import Watcher

/// The baseline is as of the moment glwatch began watching a project (issue 12, findings 3 and 4).
@Suite struct ProjectPollerBaselineTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let bob = FakeAuthor(name: "Bob Builder", email: "bob@example.com")

    /// A fake GitLab whose clock the test sets (push events carry its time).
    final class World: Sendable {
        /// The time, settable.
        final class Clock: Sendable {
            let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        }

        let clock = Clock()
        let fake: FakeGitLab

        init() {
            let clock = clock
            fake = FakeGitLab(
                configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { clock.time.withLock { $0 } })
            )
        }

        var now: Date { clock.time.withLock { $0 } }

        func advance(_ seconds: TimeInterval) { clock.time.withLock { $0 += seconds } }
    }

    func poller(
        _ harness: EngineTestHarness, _ project: FakeProject, watchStart: Date?, isNew: Bool = false,
        options: PollOptions = PollOptions()
    ) -> ProjectPoller {
        ProjectPoller(
            key: harness.key(project), options: options, source: GitLabProjectSource(client: harness.client),
            store: harness.store, router: EventRouter(rules: []), watchStart: watchStart, isNewProject: isNew,
            now: harness.clock.now
        )
    }

    @Test func testBaseline_pushAfterWatchStartBeforeFirstPoll_isAnnounced() async throws {
        // Given a project glwatch began watching at `start`, and a push 5 s later, before its first poll
        let world = World()
        let project = world.fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        world.advance(10)
        let start = world.now
        world.advance(5)
        let pushed = project.commits(3, by: [ann])
        try await EngineTestHarness.run(world.fake) { harness in
            // When the first poll runs
            let outcome = await poller(harness, project, watchStart: start).poll()

            // Then the baseline is where main stood at `start`, and the push is announced
            #expect(outcome == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
            guard case .commitsNew(let details) = events.first?.details else { return }
            #expect(details.before == base.last)
            let state = try await harness.store.projectState(harness.key(project))
            #expect(state?.heads.map(\.sha) == [pushed.last!])
        }
    }

    @Test func testBaseline_pushesWhoseEventsAreLate_waitForThemRatherThanBeSwallowed() async throws {
        // Given a project glwatch began watching at `start`, then two pushes whose events GitLab writes late: the
        // first one's 8 s, the second one's at once (so the second is visible before the first)
        let world = World()
        let project = world.fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        let start = world.now
        world.advance(1)
        world.fake.eventVisibility = .delayed(by: 8)
        let first = project.commits(1, by: [ann], titlePrefix: "First")
        world.fake.eventVisibility = .immediate
        let second = project.commits(1, by: [ann], titlePrefix: "Second")
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = ProjectPoller(
                key: harness.key(project), options: PollOptions(), source: GitLabProjectSource(client: harness.client),
                store: harness.store, router: EventRouter(rules: []), watchStart: start, eventLateness: 10,
                now: { world.now }
            )
            // When the first poll reads the heads before the first push's event exists
            #expect(await poller.poll() == .deferred(retryIn: 10))
            #expect(try await harness.store.projectState(harness.key(project)) == nil)
            world.advance(4)
            #expect(await poller.poll() == .deferred(retryIn: 6))
            // (not baselined yet: glwatch is not ready, `/readyz` answers 503, while a baseline waits)
            #expect(!poller.hasBaseline)

            // And one more push lands meanwhile
            let third = project.commits(1, by: [ann], titlePrefix: "Third")

            // Then the poll after the lateness walks back along both events and catches up with the third push:
            // all three are announced at once, not a 10-minute interval later
            world.advance(6)
            #expect(await poller.poll() == .changed)
            #expect(poller.hasBaseline)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == first + second + third)
            guard case .commitsNew(let details) = events.first?.details else { return }
            #expect(details.before == base.last)
        }
    }

    @Test func testBaseline_eventListThatSkipsItsFirstPage_failsThePoll_ratherThanSwallowingThePush() async throws {
        // Given all branches watched from `start`, then a new branch and a push to main; and the first page of the
        // push events comes back with the items of the second (empty) page, as a list that changes while it is
        // paged can answer
        let world = World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        world.advance(10)
        let start = world.now
        world.advance(5)
        project.createBranch("feature/1", from: "main")
        let pushed = project.commits(2, by: [ann])
        try await EngineTestHarness.run(world.fake) { harness in
            let poller = poller(harness, project, watchStart: start, options: PollOptions(branches: .all))
            world.fake.inject(
                FakeFault(.skipPage, on: .pathContaining("/projects/\(project.id)/events", query: "per_page=100"))
            )

            // When the first poll runs, and then the next
            let first = await poller.poll()
            let firstFailure = poller.lastFailure
            let second = await poller.poll()

            // Then the first fails naming the inconsistent list (the baseline is not taken from the heads now),
            // and the second announces the new branch and the push
            #expect(first == .failed)
            #expect(firstFailure?.contains("push events") == true, "\(firstFailure ?? "")")
            #expect(second == .changed, "\(poller.lastFailure ?? "")")
            let events = try await harness.events(of: project)
            #expect(Set(events.map(\.type)) == [.branchCreated, .commitsNew])
            #expect(events.first { $0.type == .commitsNew }?.commits.map(\.id) == pushed)
        }
    }

    @Test func testBaseline_slowFirstHalf_waitsTheLatenessFromTheHeadsRead_notFromThePollStart() async throws {
        // Given a project glwatch began watching at `start`, whose first poll reads the branch list 3.5 s after it
        // began (slow answers), just after a push whose event GitLab writes 3 s late
        let world = World()
        let project = world.fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        let start = world.now
        world.advance(1)
        let pushed = Mutex<[String]>([])
        let ann = ann
        let slowBranchRead: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { transport in
            RewritingTransport(transport, rewrite: { request in
                if request.url.path.hasSuffix("/repository/branches"), pushed.withLock({ $0.isEmpty }) {
                    world.advance(3.5)
                    world.fake.eventVisibility = .delayed(by: 3)
                    let shas = project.commits(1, by: [ann], titlePrefix: "Late")
                    pushed.withLock { $0 = shas }
                }
                return request
            })
        }
        try await EngineTestHarness.run(world.fake, wrap: slowBranchRead) { harness throws in
            let poller = ProjectPoller(
                key: harness.key(project), options: PollOptions(branches: .all),
                source: GitLabProjectSource(client: harness.client), store: harness.store,
                router: EventRouter(rules: []), watchStart: start, eventLateness: 4, now: { world.now }
            )
            #expect(await poller.poll() == .deferred(retryIn: 4))

            // When the next poll comes 4.1 s after the first began (0.6 s after its branch read)
            world.advance(0.6)
            let second = await poller.poll()

            // Then it waits out the lateness from the branch read, and the poll after that announces the push
            guard case .deferred(let retryIn) = second else {
                Issue.record("expected the second poll to wait, got \(second)")
                return
            }
            #expect(abs(retryIn - 3.4) < 0.001)
            world.advance(3.5)
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed.withLock { $0 })
            guard case .commitsNew(let details) = events.first?.details else { return }
            #expect(details.before == base.last)
        }
    }

    @Test func testBaseline_pushAfterTheHeadsReadWhoseEventIsLate_isNotSwallowedByTheNextPushsEvent() async throws {
        // Given all branches watched from `start`, a first poll that has read the heads (develop at `base`)
        let world = World()
        let project = world.fake.addProject("acme/api")
        let base = project.commits(2, by: [ann]).last!
        project.createBranch("develop", from: "main")
        let start = world.now
        world.advance(1)
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = ProjectPoller(
                key: harness.key(project), options: PollOptions(branches: .all),
                source: GitLabProjectSource(client: harness.client), store: harness.store,
                router: EventRouter(rules: []), watchStart: start, eventLateness: 4, now: { world.now }
            )
            #expect(await poller.poll() == .deferred(retryIn: 4))

            // When develop gets a push whose event GitLab writes late, then a push whose event is visible at once
            world.advance(1)
            world.fake.eventVisibility = .delayed(by: 60)
            let late = project.commits(3, on: "develop", by: [ann], titlePrefix: "Late")
            world.fake.eventVisibility = .immediate
            let prompt = project.commits(2, on: "develop", by: [ann], titlePrefix: "Prompt")
            world.advance(4)

            // Then the baseline walks develop back from the head it read (not from the visible push's
            // commit_from), and both pushes are announced
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.branch == "develop")
            #expect(events.first?.commits.map(\.id) == late + prompt)
            guard case .commitsNew(let details) = events.first?.details else { return }
            #expect(details.before == base)
        }
    }

    @Test func testBaseline_nothingPushedSinceWatchStart_isSilent() async throws {
        // Given a project pushed to before glwatch began watching it
        let world = World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        world.advance(10)
        try await EngineTestHarness.run(world.fake) { harness in
            // When its first poll comes late
            world.advance(60)
            let outcome = await poller(harness, project, watchStart: world.now.addingTimeInterval(-60)).poll()

            // Then nothing is announced
            #expect(outcome == .changed)
            let observed1 = try await harness.events(of: project)
            #expect(observed1.isEmpty)
        }
    }

    @Test func testBaseline_branchCreatedAndNewAuthorAfterWatchStart_areAnnounced() async throws {
        // Given all branches watched from `start`, then a feature branch by a new author and a push to main
        let world = World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        world.advance(10)
        let start = world.now
        world.advance(5)
        let feature = project.commits(1, on: "feature", by: [bob])
        let main = project.commits(1, by: [bob])
        try await EngineTestHarness.run(world.fake) { harness in
            // When the first poll runs
            let options = PollOptions(branches: .all)
            _ = await poller(harness, project, watchStart: start, options: options).poll()

            // Then the branch, both pushes and Bob's arrival are announced; Ann (known before) is not
            let events = try await harness.events(of: project)
            #expect(events.filter { $0.type == .branchCreated }.count == 1)
            #expect(Set(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id)) == Set(feature + main))
            let newcomers = events.filter { $0.type == .contributorNew }
            #expect(newcomers.count == 1)
            guard case .contributorNew(let details) = newcomers.first?.details else { return }
            #expect(details.contributor.email == bob.email)
        }
    }

    @Test func testBaseline_newAuthorPushingWhileTheBaselineIsTaken_isAnnounced_notBaselined() async throws {
        // Given a watched project, and Bob's first push landing while the baseline is taken: right after GitLab
        // answered its read of the push events (made from inside the transport)
        let world = World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        world.advance(10)
        let start = world.now
        world.advance(5)
        let pushOnce = LossBudget()
        pushOnce.set(1)
        let bob = bob
        let wrap: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            RewritingTransport(base, answer: { request, response in
                if request.url.path.hasSuffix("/events"), pushOnce.take() {
                    world.advance(1)
                    project.commits(1, by: [bob])
                }
                return response
            })
        }
        try await EngineTestHarness.run(world.fake, wrap: wrap) { harness in
            let poller = poller(harness, project, watchStart: start)

            // When the baseline is taken and the project polled again
            _ = await poller.poll()
            _ = await poller.poll()

            // Then Bob's push and his arrival are announced: GitLab's contributor list was read before the heads
            let events = try await harness.events(of: project)
            #expect(events.filter { $0.type == .commitsNew }.count == 1)
            let newcomers = events.filter { $0.type == .contributorNew }
            #expect(newcomers.count == 1)
            guard case .contributorNew(let details) = newcomers.first?.details else { return }
            #expect(details.contributor.email == bob.email)
        }
    }

    @Test func testBaseline_newProject_startsEmpty_soEverythingIsAnnounced() async throws {
        // Given a project created after its target's first discovery, with 3 commits by 2 authors
        let world = World()
        let project = world.fake.addProject("acme/new")
        let commits = project.commits(3, by: [ann, bob])
        try await EngineTestHarness.run(world.fake) { harness in
            // When its first poll runs
            _ = await poller(harness, project, watchStart: world.now, isNew: true).poll()

            // Then its branch, every commit and both contributors are announced
            let events = try await harness.events(of: project)
            #expect(events.filter { $0.type == .branchCreated }.count == 1)
            #expect(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id) == commits)
            #expect(events.filter { $0.type == .contributorNew }.count == 2)
        }
    }

    @Test func testBaseline_tokenThatMayNotReadEvents_stillGetsABaseline() async throws {
        // Given a project whose events the token may not read (push events need the Reporter role)
        let world = World()
        let project = world.fake.addProject("acme/api")
        let head = project.commits(2, by: [ann]).last!
        world.fake.inject(FakeFault(.status(403), on: .pathContaining("/events"), times: nil))
        try await EngineTestHarness.run(world.fake) { harness in
            // When its first poll runs
            let outcome = await poller(harness, project, watchStart: world.now).poll()

            // Then the heads now are the baseline, silently
            #expect(outcome == .changed)
            let state = try await harness.store.projectState(harness.key(project))
            #expect(state?.heads.map(\.sha) == [head])
            let events = try await harness.events(of: project)
            #expect(events.isEmpty)
        }
    }
}
