import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// Commits a project had before the watch began are never announced as new, even when the only head glwatch stored
/// that reached them moved away in the same poll: a branch created from a force-pushed branch, or from an old commit
/// of a default branch replaced by an unrelated history (the soak's `unrelated-history` part announced 20 such
/// commits; issue 34).
@Suite struct ProjectPollerRetiredHeadTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let bob = FakeAuthor(name: "Bob Builder", email: "bob@example.com")

    @Test func testBranchCreatedFromAForcePushedBranch_inOnePoll_announcesNoneOfTheOlderCommits() async throws {
        // Given main, and a feature branch with two commits of its own, both watched
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(3, by: [ann])
        project.createBranch("feature/x", from: "main")
        let own = project.commits(2, on: "feature/x", by: [bob], titlePrefix: "Feature")
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            _ = await poller.poll()

            // When, between two polls, the feature branch is rewritten (its newest commit dropped, one added) and a
            // new branch is made from it
            let rewritten = project.rewrite("feature/x", dropping: 1, adding: 1, by: bob)
            project.createBranch("feature/y", from: "feature/x")
            #expect(await poller.poll() == .changed)

            // Then the force-push brings the rewritten commit, and the new branch brings nothing new: the feature's
            // first commit was on the old head already
            let events = try await harness.events(of: project)
            // (commits announced as new: a branch.created event also names its head commit)
            let announced = events.filter { [.commitsNew, .branchForcePushed].contains($0.type) }
                .flatMap { $0.commits.map(\.id) }
            #expect(!announced.contains(own[0]), "\(events.map(\.type))")
            #expect(announced.filter { $0 == rewritten[0] }.count == 1)
            #expect(events.map(\.type).sorted { $0.rawValue < $1.rawValue } == [.branchCreated, .branchForcePushed])
        }
    }

    @Test func testPollWithoutAForcePushOrADeletion_asksNoMergeBase_howeverManyBranchesMovedOrAppeared()
        async throws
    {
        // Given main and two feature branches, watched
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(3, by: [ann])
        project.createBranch("feature/a", from: "main")
        project.createBranch("feature/b", from: "main")
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            _ = await poller.poll()

            // When, between two polls, every branch gets commits and two new branches appear (one from a feature)
            project.commits(2, by: [ann])
            project.commits(1, on: "feature/a", by: [bob])
            project.commits(1, on: "feature/b", by: [bob])
            project.createBranch("feature/c", from: "feature/a")
            project.createBranch("feature/d", from: "main")
            let before = fake.requests.count
            #expect(await poller.poll() == .changed)

            // Then the poll asks GitLab no merge base: no head was retired, so nothing needs one (the cost stays
            // where it was before retired heads were followed)
            let asked = fake.requests.dropFirst(before).filter { $0.path.hasSuffix("/repository/merge_base") }
            #expect(asked.isEmpty, "\(asked.map(\.query))")
        }
    }

    @Test func testACatchUpPollWithManyRewritesAndNewBranches_asksAtMostFourMergeBasesForRetiredHeads()
        async throws
    {
        // Given six watched feature branches with commits of their own
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(3, by: [ann])
        let features = (1...6).map { "feature/\($0)" }
        for feature in features {
            project.createBranch(feature, from: "main")
            project.commits(2, on: feature, by: [bob], titlePrefix: feature)
        }
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            _ = await poller.poll()

            // When, while glwatch was away, every feature was rewritten and three branches were made from them
            for feature in features { project.rewrite(feature, dropping: 1, adding: 1, by: bob) }
            for index in 1...3 { project.createBranch("rescue/\(index)", from: features[index]) }
            let before = fake.requests.count
            #expect(await poller.poll() == .changed)

            // Then the merge bases asked are one per rewrite (to confirm it) and at most four for the retired heads,
            // not one per pair (24 here): a catch-up poll must stay short
            let asked = fake.requests.dropFirst(before).filter { $0.path.hasSuffix("/repository/merge_base") }
            #expect(asked.count <= features.count + 4, "\(asked.count)")
        }
    }

    @Test func testBranchCreatedFromTheOldHistory_ofADefaultBranchReplacedByAnUnrelatedOne_announcesNothingOld()
        async throws
    {
        // Given main with five commits, watched
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let old = project.commits(5, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            _ = await poller.poll()

            // When, between two polls, a branch is made at main's third commit and main is replaced by an unrelated
            // history
            project.createBranch("rescue", from: old[2])
            let unrelated = project.replaceWithUnrelatedHistory("main", adding: 2, by: ann)
            #expect(await poller.poll() == .changed)

            // Then main's replacement brings its two commits, and the rescue branch nothing: its commits were all on
            // main's old head
            let events = try await harness.events(of: project)
            let announced = Set(
                events.filter { [.commitsNew, .branchForcePushed].contains($0.type) }.flatMap { $0.commits.map(\.id) }
            )
            #expect(announced == Set(unrelated), "\(events.map(\.type))")
            #expect(events.contains { $0.type == .branchCreated })
        }
    }
}
