import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// A poll a hint woke (the change feed, a webhook: `ProjectPoller.expectPush(_:)`) reads a single watched branch's
/// head and its new commits in one request (`ProjectSource.pushedRange`), where an ordinary poll reads the head,
/// then the range: half the requests of a busy fleet (issue 14). A hint that proves wrong costs one request, never
/// an event.
@Suite struct ProjectPollerHintedPushTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    func poller(_ harness: EngineTestHarness, _ project: FakeProject, world: ProjectPollerBaselineTests.World)
        -> ProjectPoller
    {
        ProjectPoller(
            key: harness.key(project), options: PollOptions(), source: GitLabProjectSource(client: harness.client),
            store: harness.store, router: EventRouter(rules: []), now: { world.now }
        )
    }

    /// A poller for `project`, after its baseline poll.
    func baselined(_ harness: EngineTestHarness, _ project: FakeProject, world: ProjectPollerBaselineTests.World)
        async -> ProjectPoller
    {
        let poller = poller(harness, project, world: world)
        _ = await poller.poll()
        return poller
    }

    /// The requests for `project` since `index`.
    func requests(_ fake: FakeGitLab, _ project: FakeProject, since index: Int) -> [String] {
        fake.requests.dropFirst(index).map(\.path).filter { $0.contains("/projects/\(project.id)") }
    }

    @Test func testHintedPoll_fastForward_isOneRequest_andAnnouncesWhatAnOrdinaryPollDoes() async throws {
        // Given two projects with the same history on main, each with its baseline
        let world = ProjectPollerBaselineTests.World()
        let hinted = world.fake.addProject("acme/hinted")
        let plain = world.fake.addProject("acme/plain")
        for project in [hinted, plain] { project.commits(2, by: [ann]) }
        try await EngineTestHarness.run(world.fake) { harness throws in
            let hintedPoller = await baselined(harness, hinted, world: world)
            let plainPoller = await baselined(harness, plain, world: world)

            // When each gets a push of three commits, and only one poll is told to expect it
            let pushed = hinted.commits(3, by: [ann], titlePrefix: "Pushed")
            let plainPushed = plain.commits(3, by: [ann], titlePrefix: "Pushed")
            world.advance(5)
            hintedPoller.expectPush(.branch("main"))
            let start = world.fake.requests.count
            #expect(await hintedPoller.poll() == .changed)
            let hintedRequests = requests(world.fake, hinted, since: start)
            let plainStart = world.fake.requests.count
            #expect(await plainPoller.poll() == .changed)
            let plainRequests = requests(world.fake, plain, since: plainStart)

            // Then the hinted poll read one range from the stored head to the branch; the other the head, then
            // the range
            #expect(hintedRequests == ["/api/v4/projects/\(hinted.id)/repository/commits"])
            #expect(plainRequests.count == 2)

            // And both announce the same: one commits.new with the three commits, oldest first
            let hintedEvents = try await harness.events(of: hinted)
            let plainEvents = try await harness.events(of: plain)
            #expect(hintedEvents.map(\.type) == [.commitsNew])
            #expect(hintedEvents.first?.commits.map(\.id) == pushed)
            #expect(plainEvents.first?.commits.map(\.id) == plainPushed)
            #expect(hintedEvents.map(\.type) == plainEvents.map(\.type))
            #expect(hintedEvents.first?.commits.map(\.title) == plainEvents.first?.commits.map(\.title))
        }
    }

    @Test func testHintedPoll_whenNothingMoved_readsTheHead_andTheHintIsSpent() async throws {
        // Given a project with its baseline
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = await baselined(harness, project, world: world)

            // When a hint comes for a push the last poll already saw
            world.advance(5)
            poller.expectPush(.branch("main"))
            let start = world.fake.requests.count
            #expect(await poller.poll() == .unchanged)
            let hinted = requests(world.fake, project, since: start)

            // Then the empty range proves nothing, the head is read, and nothing is announced
            #expect(hinted.count == 2)
            #expect(hinted.last?.hasSuffix("/repository/branches/main") == true)
            #expect(try await harness.events(of: project).isEmpty)

            // And the next poll, unhinted, reads the head alone
            world.advance(5)
            let next = world.fake.requests.count
            #expect(await poller.poll() == .unchanged)
            #expect(requests(world.fake, project, since: next).count == 1)
        }
    }

    @Test func testHintedPoll_forcePush_isStillAForcePush_withItsCommits() async throws {
        // Given main at `old` (its baseline), then rewritten: reset to the first commit and two new commits pushed
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let first = project.commits(1, by: [ann]).last!
        let old = project.commit("to be dropped", by: ann)
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = await baselined(harness, project, world: world)
            project.forcePush("main", to: first)
            let rewritten = project.commits(2, by: [ann], titlePrefix: "Rewritten")

            // When a hinted poll reads it
            world.advance(5)
            poller.expectPush(.branch("main"))
            let start = world.fake.requests.count
            #expect(await poller.poll() == .changed)

            // Then the head came with the range (no branch read), and it is announced as a force-push from `old`, dropping one commit, with the two new ones
            let reads = requests(world.fake, project, since: start)
            #expect(!reads.contains { $0.hasSuffix("/repository/branches/main") })
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchForcePushed])
            guard case .branchForcePushed(let details)? = events.first?.details else { return }
            #expect(events.first?.branch == "main")
            #expect(details.oldHead == old)
            #expect(details.newHead == rewritten.last)
            #expect(details.droppedCount == 1)
            #expect(details.commits.commits.map(\.id) == rewritten)
        }
    }
}

extension ProjectPollerHintedPushTests {
    /// What a round of the chaos test pushed, in the fake's own terms.
    enum Pushed: Equatable {
        case nothing
        case new([String])
        case forced(dropped: Int, new: [String])
    }

    @Test func testHintedPolls_underBadAnswersAndServerErrors_announceEveryPushOnce() async throws {
        // Given a project watched on main, and a GitLab that answers 30 % of requests badly (an HTML page, a body
        // that is not JSON, a truncated body, a list that repeats or skips a page) and 10 % with a 5xx
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        project.commits(3, by: [ann])
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = await baselined(harness, project, world: world)
            world.fake.chaos = FakeChaos(seed: 14, serverErrors: 0.1, badAnswers: 0.3)
            var random = FakeSplitMix64(seed: 2026)
            var seen = 0
            var headsWithTheirRange = 0  // successful polls that read the head with its range

            for round in 0..<40 {
                // When main gets a push (1–3 commits, now and then a page's worth or a reset and a new commit), or
                // nothing (a stale hint), and hinted polls run until one succeeds
                let pushed: Pushed
                switch Int.random(in: 0..<10, using: &random) {
                case 0: pushed = .nothing
                case 1: pushed = .new(project.commits(101, by: [ann], titlePrefix: "Round \(round) long"))
                case 2:
                    let log = project.log("main")
                    project.forcePush("main", to: log[1])
                    pushed = .forced(dropped: 1, new: [project.commit("Round \(round) rewritten", by: ann)])
                default:
                    let count = Int.random(in: 1...3, using: &random)
                    pushed = .new(project.commits(count, by: [ann], titlePrefix: "Round \(round)"))
                }
                world.advance(5)
                let (outcome, start) = await poller.pollUntilSuccess(hinting: .branch("main"), on: world.fake)
                #expect(outcome != .failed, "round \(round): no poll succeeded")
                if !requests(world.fake, project, since: start).contains(where: { $0.hasSuffix("/branches/main") }) {
                    headsWithTheirRange += 1
                }

                // Then exactly what was pushed is announced, once
                let events = Array(try await harness.events(of: project).dropFirst(seen))
                seen += events.count
                switch pushed {
                case .nothing:
                    #expect(events.isEmpty, "round \(round)")
                case .new(let shas):
                    #expect(events.map(\.type) == [.commitsNew], "round \(round)")
                    #expect(events.first?.commits.map(\.id) == shas, "round \(round)")
                case .forced(let dropped, let shas):
                    #expect(events.map(\.type) == [.branchForcePushed], "round \(round)")
                    guard case .branchForcePushed(let details)? = events.first?.details else { continue }
                    #expect(details.droppedCount == dropped, "round \(round)")
                    #expect(details.commits.commits.map(\.id) == shas, "round \(round)")
                }
            }
            // And most rounds' polls took the one-request path (the others: a stale hint, a long push)
            #expect(headsWithTheirRange >= 20)
        }
    }
}

extension ProjectPoller {
    /// Polls with `push` hinted until a poll does not fail (at most `attempts` times, against a GitLab with faults);
    /// returns the last outcome and the index of `fake`'s first request of that poll.
    func pollUntilSuccess(hinting push: HintedPush, on fake: FakeGitLab, attempts: Int = 30) async
        -> (outcome: PollOutcome, start: Int)
    {
        var outcome = PollOutcome.failed
        var start = fake.requests.count
        for _ in 0..<attempts where outcome == .failed {
            expectPush(push)
            start = fake.requests.count
            outcome = await poll()
        }
        return (outcome, start)
    }
}
