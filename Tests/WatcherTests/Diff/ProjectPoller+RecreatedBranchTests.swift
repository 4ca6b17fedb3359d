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
