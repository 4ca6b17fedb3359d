import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// A commit that a watched branch already had at the last poll is not new, wherever it turns up next: in a branch
/// created from another one, or in a branch that still has what a force-push took off the default branch.
@Suite struct ProjectPollerKnownCommitsTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testBranchCreatedFromAnotherBranch_announcesNoneOfThatBranchsOlderCommits() async throws {
        // Given all branches watched, and a feature branch with two commits of its own before the watch began
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        project.commits(2, on: "feature", by: [ann], titlePrefix: "Feature")
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            _ = await poller.poll()

            // When a branch is created from the feature branch, and one commit is pushed to it
            project.createBranch("topic", from: "feature")
            let pushed = project.commits(1, on: "topic", by: [ann], titlePrefix: "Topic")
            #expect(await poller.poll() == .changed)

            // Then the new branch and its one new commit are announced, not the feature branch's older commits
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchCreated, .commitsNew])
            #expect(events.last?.commits.map(\.id) == pushed)
        }
    }

    @Test func testForcePushedDefaultBranch_itsDroppedCommitsAreNotNewInABranchThatHasThem() async throws {
        // Given all branches watched, and main's last two commits made before the watch began
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        let dropped = project.commits(2, by: [ann], titlePrefix: "Old")
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            _ = await poller.poll()

            // When, before the next poll, a branch is made from main with one commit, and main is force-pushed
            // without its last two commits
            project.createBranch("feature", from: "main")
            let pushed = project.commits(1, on: "feature", by: [ann], titlePrefix: "Feature")
            let rewritten = project.rewrite("main", dropping: 2, adding: 1, by: ann)
            #expect(await poller.poll() == .changed)

            // Then the feature branch announces its one commit, not the two main dropped (old, and still known)
            let events = try await harness.events(of: project)
            let announced = Set(events.flatMap { $0.commits.map(\.id) })
            #expect(announced == Set(pushed + rewritten))
            #expect(announced.isDisjoint(with: dropped))
            #expect(Set(events.map(\.type)) == [.branchForcePushed, .branchCreated, .commitsNew])
        }
    }

    @Test func testReportPerBranch_stillReportsEveryCommitTheNewBranchReaches() async throws {
        // Given report_per_branch, all branches watched, a feature branch with a commit of its own
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        let feature = project.commits(1, on: "feature", by: [ann], titlePrefix: "Feature")
        try await EngineTestHarness.run(fake) { harness in
            let options = PollOptions(branches: .all, reportPerBranch: true)
            let poller = harness.poller(project, options: options)
            _ = await poller.poll()

            // When a branch is created from it
            project.createBranch("topic", from: "feature")
            _ = await poller.poll()

            // Then the commit it reaches is reported on it too (per branch means every branch it reaches)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchCreated, .commitsNew])
            #expect(events.last?.commits.map(\.id) == feature)
        }
    }
}
