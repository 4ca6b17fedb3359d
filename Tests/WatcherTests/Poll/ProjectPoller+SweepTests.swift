import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// Push events are hints, the branch list is the truth (issue 12, issue 14 "Truth"): a target watching several
/// branches skips the branch list while the newest push event stays the same, but for at most
/// `engine.sweep_interval`, so a push whose event GitLab writes late or never is announced by the sweep.
@Suite struct ProjectPollerSweepTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    func poller(
        _ harness: EngineTestHarness, _ project: FakeProject, world: ProjectPollerBaselineTests.World,
        sweep: TimeInterval
    ) -> ProjectPoller {
        var options = PollOptions()
        options.branches = .all
        return ProjectPoller(
            key: harness.key(project), options: options, source: GitLabProjectSource(client: harness.client),
            store: harness.store, router: EventRouter(rules: []), sweepInterval: sweep, now: { world.now }
        )
    }

    /// The requests for `project`'s branch list since `index`.
    func branchListReads(_ fake: FakeGitLab, _ project: FakeProject, since index: Int) -> Int {
        fake.requests.dropFirst(index).filter { $0.path.hasSuffix("/projects/\(project.id)/repository/branches") }
            .count
    }

    @Test func testSweep_pushWhoseEventNeverShows_isAnnouncedOnceTheLastBranchReadIsASweepOld() async throws {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        project.createBranch("develop", from: "main")
        try await EngineTestHarness.run(world.fake) { harness throws in
            // Given a project watched on every branch, polled once (sweep: 10 minutes)
            let poller = poller(harness, project, world: world, sweep: 600)
            _ = await poller.poll()

            // When a push lands whose push event GitLab has not written (a late Sidekiq job)
            world.fake.eventVisibility = .delayed(by: 10_000_000)
            let pushed = project.commits(1, on: "develop", by: [ann], titlePrefix: "Unhinted")
            world.advance(60)

            // Then polls within the sweep trust the unchanged newest push event: one request, nothing found
            let before = world.fake.requests.count
            #expect(await poller.poll() == .unchanged)
            #expect(branchListReads(world.fake, project, since: before) == 0)
            #expect(try await harness.events(of: project).isEmpty)

            // And the first poll a sweep after the last branch read reads the list and announces the push
            world.advance(600)
            let sweepStart = world.fake.requests.count
            #expect(await poller.poll() == .changed)
            #expect(branchListReads(world.fake, project, since: sweepStart) == 1)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.branch == "develop")
            #expect(events.first?.commits.map(\.id) == pushed)
        }
    }

    @Test func testSweep_projectWithoutPushEvents_skipsTheBranchListUntilTheSweep() async throws {
        // Given a project whose push events are all gone (older than GitLab's retention: none is visible)
        let world = ProjectPollerBaselineTests.World()
        world.fake.eventVisibility = .delayed(by: 10_000_000)
        let project = world.fake.addProject("acme/old")
        project.commits(2, by: [ann])
        project.createBranch("develop", from: "main")
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = poller(harness, project, world: world, sweep: 600)
            _ = await poller.poll()

            // When it is polled again with nothing pushed, "no push event" equals "no push event": no branch list
            world.advance(60)
            let before = world.fake.requests.count
            #expect(await poller.poll() == .unchanged)
            #expect(branchListReads(world.fake, project, since: before) == 0)
            #expect(world.fake.requests.count - before == 1)

            // And the sweep still reads it
            world.advance(600)
            let sweepStart = world.fake.requests.count
            #expect(await poller.poll() == .unchanged)
            #expect(branchListReads(world.fake, project, since: sweepStart) == 1)
        }
    }
}
