import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// The edge cases issue #5 lists that the main poller tests do not already cover, each against the fake GitLab:
/// commits sharing a timestamp, author dates older than committer dates, unicode names, and a branch deleted
/// and re-created at another commit (between two polls, and across polls).
@Suite struct ProjectPollerEdgeCaseTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testPoll_commitsSharingATimestamp_allAnnouncedInGraphOrder() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            // Three commits made in the same second (a rebase or a script): no date orders them, only parents do
            let instant = Date(timeIntervalSince1970: 1_700_000_000)
            let pushed = ["First", "Second", "Third"].map {
                project.commit($0, by: ann, authoredAt: instant, committedAt: instant)
            }

            _ = await poller.poll()

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
            #expect(events.first?.commits.map(\.title) == ["First", "Second", "Third"])
        }
    }

    @Test func testPoll_authorDateOlderThanCommitterDate_isAnnouncedWithBothDates() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            // A commit written in 2020 and cherry-picked (committed) now: a date cursor would miss it
            let authored = Date(timeIntervalSince1970: 1_600_000_000)
            let committed = Date(timeIntervalSince1970: 1_800_000_000)
            let committer = FakeAuthor(name: "Cy Committer", email: "cy@example.com")
            let sha = project.commit(
                "Old work, picked today",
                by: ann,
                committer: committer,
                authoredAt: authored,
                committedAt: committed
            )

            _ = await poller.poll()

            let events = try await harness.events(of: project)
            let commit = try #require(events.first { $0.type == .commitsNew }?.commits.first)
            #expect(commit.id == sha)
            #expect(commit.authoredAt.date == authored)
            #expect(commit.committedAt.date == committed)
            #expect(commit.author.email == "ann@example.com")
            #expect(commit.committer.email == "cy@example.com")
        }
    }

    @Test func testPoll_unicodeNamesAndTitles_arriveIntact_andTheContributorIsNewOnce() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let zoe = FakeAuthor(name: "Zoë Ångström-山田 🚀", email: "Zoë@Exämple.org")
            project.commit("Ünïcode: 修正 the 🚀 launcher", by: zoe)
            project.commit("Another one", by: FakeAuthor(name: "ZOË ÅNGSTRÖM", email: "zoë@exämple.org"))

            _ = await poller.poll()

            let events = try await harness.events(of: project)
            let commits = events.filter { $0.type == .commitsNew }.flatMap(\.commits)
            #expect(commits.map(\.title) == ["Ünïcode: 修正 the 🚀 launcher", "Another one"])
            #expect(commits.first?.author.name == "Zoë Ångström-山田 🚀")
            // The same address in other case is the same person: one contributor.new, with the first spelling
            let newcomers = events.filter { $0.type == .contributorNew }
            #expect(newcomers.count == 1)
            guard case .contributorNew(let details) = newcomers.first?.details else { return }
            #expect(details.contributor.name == "Zoë Ångström-山田 🚀")
        }
    }

    @Test func testPoll_branchDeletedThenRecreatedElsewhere_acrossPolls_isDeletedThenCreated_noCommitTwice()
        async throws
    {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            project.createBranch("feature", from: "main")
            let feature = project.commits(1, on: "feature", by: [ann])
            _ = await poller.poll()

            project.deleteBranch("feature")
            _ = await poller.poll()
            project.createBranch("feature", from: base[0])
            _ = await poller.poll()

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchDeleted, .branchCreated])
            guard case .branchDeleted(let deleted) = events.first?.details,
                case .branchCreated(let created) = events.last?.details
            else { return }
            #expect(events.map(\.branch) == ["feature", "feature"])
            #expect(deleted.lastHead == feature.last)
            #expect(created.head == base[0])
        }
    }

    @Test func testPoll_branchDeletedAndRecreatedElsewhere_betweenTwoPolls_isAForcePush_noCommitTwice()
        async throws
    {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let base = project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, options: PollOptions(branches: .all))
            project.createBranch("feature", from: "main")
            let feature = project.commits(1, on: "feature", by: [ann])
            _ = await poller.poll()

            // Deleted and re-created at an older commit before glwatch looks again: to a poller the branch
            // moved backwards, dropping the commit it had
            project.deleteBranch("feature")
            project.createBranch("feature", from: base[0])
            _ = await poller.poll()

            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.branchForcePushed])
            guard case .branchForcePushed(let details) = events.first?.details else { return }
            #expect(events.first?.branch == "feature")
            #expect(details.oldHead == feature.last)
            #expect(details.newHead == base[0])
            #expect(details.droppedCount == 2)  // the feature commit and the second commit of main
            // Nothing new: its commits were all announced already
            #expect(events.allSatisfy { $0.type != .commitsNew })
        }
    }
}
