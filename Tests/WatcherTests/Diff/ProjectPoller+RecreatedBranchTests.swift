import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// A branch deleted and created again between two polls is not a force-push (issue 12, finding 7).
@Suite struct ProjectPollerRecreatedBranchTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testBranchDeletedAndRecreatedElsewhere_isDeletedThenCreated_notForcePushed() async throws {
        // Given all branches watched, with a feature branch glwatch has seen (the fake's clock is the poller's)
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        let oldHead = project.commits(1, on: "feature", by: [ann]).last!
        try await EngineTestHarness.run(world.fake) { harness in
            let poller = ProjectPoller(
                key: harness.key(project), options: PollOptions(branches: .all),
                source: GitLabProjectSource(client: harness.client), store: harness.store,
                router: EventRouter(rules: []), now: { world.now }
            )
            _ = await poller.poll()

            // When, while glwatch is not looking, feature is deleted and created again from main
            world.advance(60)
            project.deleteBranch("feature")
            project.createBranch("feature", from: "main")
            let newHead = project.head(of: "feature")!
            world.advance(60)
            #expect(await poller.poll() == .changed)

            // Then the deletion and the creation are reported, and no force-push
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchDeleted, .branchCreated])
            guard case .branchDeleted(let deleted) = events.first?.details,
                case .branchCreated(let created) = events.last?.details
            else { return }
            #expect(deleted.lastHead == oldHead)
            #expect(created.head == newHead)
        }
    }

    @Test func testDeletionWhoseEventIsLate_isWaitedFor_notTakenForAForcePush() async throws {
        // Given all branches watched, with a feature branch glwatch has seen, and GitLab writing events late
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        project.commits(1, on: "feature", by: [ann])
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = ProjectPoller(
                key: harness.key(project), options: PollOptions(branches: .all),
                source: GitLabProjectSource(client: harness.client), store: harness.store,
                router: EventRouter(rules: []), eventLateness: 10, sleep: { world.advance($0) }, now: { world.now }
            )
            _ = await poller.poll()

            // When feature is deleted (its event visible only 4 s later) and created again from main (its event
            // at once), and the next poll sees the new head before the deletion's event exists
            world.advance(60)
            world.fake.eventVisibility = .delayed(by: 4)
            project.deleteBranch("feature")
            world.fake.eventVisibility = .immediate
            project.createBranch("feature", from: "main")
            #expect(await poller.poll() == .changed)

            // Then the poll waited for the deletion's event: deleted and created, no force-push
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchDeleted, .branchCreated])
        }
    }

    @Test func testRecreatedAfterTheWatchStartBeforeTheBaseline_isDeletedThenCreated() async throws {
        // Given a feature branch, glwatch watching since `start` but not polled yet
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        project.commits(3, by: [ann])
        let oldHead = project.commits(1, on: "feature", by: [ann]).last!
        let start = world.now
        world.advance(60)

        // When feature is deleted and created again at an older commit before the first poll
        project.deleteBranch("feature")
        project.createBranch("feature", from: project.log("main")[2])
        world.advance(60)
        try await EngineTestHarness.run(world.fake) { harness throws in
            let poller = ProjectPoller(
                key: harness.key(project), options: PollOptions(branches: .all),
                source: GitLabProjectSource(client: harness.client), store: harness.store,
                router: EventRouter(rules: []), watchStart: start, now: { world.now }
            )
            #expect(await poller.poll() == .changed)

            // Then the baseline is as of the start and the push events since then tell a re-creation
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchDeleted, .branchCreated])
            guard case .branchDeleted(let deleted) = events.first?.details else { return }
            #expect(deleted.lastHead == oldHead)
        }
    }

    @Test func testPushChain_linksHeadToHeadThroughTheBranchsEvents() {
        // A deletion then a creation, visible out of order: linked through the deletion
        let recreated = [push(2, "f", from: "-", to: "b"), push(1, "f", from: "a", to: "-")]
        #expect(PushChain.link(recreated, branch: "f", from: "a", to: "b") == .linked(deleted: true))
        // Two pushes (another branch's event between): linked, no deletion
        let pushed = [push(1, "f", from: "a", to: "x"), push(2, "g", from: "p", to: "q"), push(3, "f", from: "x", to: "b")]
        #expect(PushChain.link(pushed, branch: "f", from: "a", to: "b") == .linked(deleted: false))
        // The creation's event alone (the deletion's not visible yet): broken, worth waiting for
        #expect(PushChain.link([recreated[0]], branch: "f", from: "a", to: "b") == .broken(waitable: true))
        // A bulk push event (no ref) and no link: reading again cannot help
        #expect(PushChain.link([push(5, nil, from: "-", to: "-")], branch: "f", from: "a", to: "b") == .broken(waitable: false))
    }

    @Test func testPushChain_walksBackFromAHead_throughThePushesThatMadeIt_only() {
        // Two pushes led to c (another branch's event between): back to a
        let two = [
            push(1, "f", from: "a", to: "b"), push(2, "g", from: "p", to: "q"), push(3, "f", from: "b", to: "c"),
        ]
        #expect(PushChain.walkBack(two, branch: "f", from: "c") == "a")
        // A push after the head was read (its event visible, the one before it not yet): no part of the walk
        #expect(PushChain.walkBack([push(9, "f", from: "x", to: "y")], branch: "f", from: "c") == "c")
        // Created since (from all zeros): no head then; deleted since and created again: the head before deletion
        #expect(PushChain.walkBack([push(4, "f", from: "-", to: "c")], branch: "f", from: "c") == nil)
        let recreated = [push(5, "f", from: "a", to: "-"), push(6, "f", from: "-", to: "c")]
        #expect(PushChain.walkBack(recreated, branch: "f", from: "c") == "a")
        // Deleted since (absent now): the head it was deleted at
        #expect(PushChain.walkBack([push(7, "f", from: "a", to: "-")], branch: "f", from: nil) == "a")
        // Moved away and force-pushed back to c: walked through both, back to where it stood before
        let back = [
            push(1, "f", from: "a", to: "c"), push(2, "f", from: "c", to: "x"), push(3, "f", from: "x", to: "c"),
        ]
        #expect(PushChain.walkBack(back, branch: "f", from: "c") == "a")
    }

    @Test func testRealForcePush_isStillAForcePush() async throws {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        project.commits(1, on: "feature", by: [ann])
        try await EngineTestHarness.run(world.fake) { harness in
            let poller = ProjectPoller(
                key: harness.key(project), options: PollOptions(branches: .all),
                source: GitLabProjectSource(client: harness.client), store: harness.store,
                router: EventRouter(rules: []), now: { world.now }
            )
            _ = await poller.poll()
            world.advance(60)
            project.forcePush("feature", to: base.first!)
            world.advance(60)

            _ = await poller.poll()

            let observed1 = try await harness.events(of: project)
            #expect(observed1.map(\.type) == [.branchForcePushed])
        }
    }
}

/// A push event `from` → `to` on `ref` (`-`: all zeros, no branch; `ref` nil: a bulk push), for the `PushChain`
/// tests.
private func push(_ id: Int64, _ ref: String?, from: String, to: String) -> GitLabEvent {
    let zero = String(repeating: "0", count: 40)
    return GitLabEvent(
        id: id, actionName: "pushed to",
        pushData: GitLabPushData(
            commitCount: 1, action: .pushed, refType: "branch", commitFrom: from == "-" ? zero : from,
            commitTo: to == "-" ? zero : to, ref: ref
        )
    )
}
