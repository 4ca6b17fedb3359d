import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// A stored head GitLab no longer has (issue 34): glwatch was away while a branch was force-pushed, and GitLab's
/// housekeeping then pruned the commits nothing reached any more. A range from that head answers 400 `ref_name is
/// invalid` and the commit itself 404 `Commit Not Found`. Before, every poll of the project failed on it for good.
@Suite struct ProjectPollerPrunedHeadTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testPoll_oldHeadPrunedAfterAForcePush_isAForcePushWithWhatTheBranchBroughtLately_andTheProjectGoesOn()
        async throws
    {
        // Given a branch of three commits made long before the watch (the fake's history clock), and a push
        // announced after the baseline
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let old = project.commits(3, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(2, by: [ann])
            #expect(await poller.poll() == .changed)

            // When the branch is force-pushed over those two commits (committed now: the harness's clock starts at
            // 1_800_000_000), and housekeeping prunes them before a poll
            let now = Date(timeIntervalSince1970: 1_800_000_000 + 3_600)
            let rewritten = project.rewrite("main", dropping: 2, adding: 2, by: ann, committedAt: now)
            #expect(project.pruneUnreachableCommits() == 2)

            // Then one poll announces a force-push from the pruned head, marked so, with the rewritten commits (and
            // not the older history the range can no longer exclude), nothing counted as dropped
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew, .branchForcePushed])
            guard case .branchForcePushed(let details) = events.last?.details else { return }
            #expect(details.oldHeadPruned && !details.unrelated)
            #expect(details.oldHead == pushed.last && details.newHead == rewritten.last)
            #expect(details.commits.commits.map(\.id) == rewritten)
            #expect(details.droppedCount == 0)
            #expect(!details.commits.commits.contains { old.contains($0.id) })

            // And the next push is announced as usual
            let later = project.commits(1, by: [ann])
            #expect(await poller.poll() == .changed)
            let after = try await harness.events(of: project)
            #expect(after.map(\.type) == [.commitsNew, .branchForcePushed, .commitsNew])
            #expect(after.last?.commits.map(\.id) == later)
        }
    }

    @Test func testPoll_aRangeGitLabCallsInvalidWhileTheOldHeadStillExists_failsThePoll_ratherThanGuess() async throws {
        // Given a watched branch and a push after the baseline
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            project.commits(1, by: [ann])

            // When GitLab answers the range 400 `ref_name is invalid` though the old head is still there
            let invalid = FakeFault.Kind.status(400, body: #"{"message":"ref_name is invalid"}"#)
            fake.inject(FakeFault(invalid, on: .pathContaining("/repository/commits"), times: 1))

            // Then the poll fails (and the next one announces the push), never a force-push from a guess
            #expect(await poller.poll() == .failed)
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
        }
    }
}
