import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// A branch replaced by an unrelated history — another repository's, or an orphan branch, pushed over it (issue
/// 34). GitLab has no merge base for the old and new heads and answers 404 `Merge Base Not Found`: an answer that
/// says what happened, not a failure to retry. Before, every poll of the project failed on it for good.
@Suite struct ProjectPollerUnrelatedHistoryTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testPoll_branchReplacedByAnUnrelatedHistory_isAForcePushMarkedUnrelated_andTheProjectGoesOn()
        async throws
    {
        // Given a watched branch with four commits
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let old = project.commits(4, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()

            // When an unrelated history of three commits is force-pushed over it
            let unrelated = project.replaceWithUnrelatedHistory("main", adding: 3, by: ann)

            // Then one poll announces a force-push marked unrelated, with the new history's commits and the old
            // history's four as dropped
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchForcePushed])
            guard case .branchForcePushed(let details) = events.first?.details else { return }
            #expect(details.unrelated)
            #expect(details.oldHead == old.last && details.newHead == unrelated.last)
            #expect(details.commits.commits.map(\.id) == unrelated)
            #expect(details.droppedCount == 4)

            // And the next push is announced as usual
            let later = project.commits(2, by: [ann])
            #expect(await poller.poll() == .changed)
            let after = try await harness.events(of: project)
            #expect(after.map(\.type) == [.branchForcePushed, .commitsNew])
            #expect(after.last?.commits.map(\.id) == later)
        }
    }

    @Test func testPoll_unrelatedHistoryLongerThanThePushLimit_isJudgedByTheMergeBase_andMarkedUnrelated()
        async throws
    {
        // Given a watched branch, and a poller that reads at most 5 commits of a push (the range alone cannot tell
        // a long push from a rewrite: it asks the merge base)
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(3, by: [ann])
        var options = PollOptions()
        options.maxCommitsPerPush = 5
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: options)
            _ = await poller.poll()

            // When an unrelated history of 12 commits replaces it
            let unrelated = project.replaceWithUnrelatedHistory("main", adding: 12, by: ann)

            // Then it is announced as an unrelated force-push, not retried for ever
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchForcePushed])
            guard case .branchForcePushed(let details) = events.first?.details else { return }
            #expect(details.unrelated)
            #expect(details.newHead == unrelated.last)
            #expect(details.droppedCount == 3)
        }
    }

    @Test func testPoll_ordinaryForcePush_isNotMarkedUnrelated() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            project.commits(2, by: [ann])
            _ = await poller.poll()
            project.forcePush("main", to: base.last!)
            project.commits(1, by: [ann], titlePrefix: "Rewritten")

            #expect(await poller.poll() == .changed)

            let events = try await harness.events(of: project)
            guard case .branchForcePushed(let details) = events.first?.details else {
                Issue.record("no force-push: \(events.map(\.type))")
                return
            }
            #expect(!details.unrelated)
        }
    }
}
