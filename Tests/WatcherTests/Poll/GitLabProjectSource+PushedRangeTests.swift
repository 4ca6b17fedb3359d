import FakeGitLab
import Testing

@testable import Watcher

/// `GitLabProjectSource.pushedRange`: a hinted branch's head and new commits in one request, or `nil` when one page
/// cannot prove them.
@Suite struct GitLabProjectSourcePushedRangeTests {
    @Test func testFastForward_isTheHeadFirstAndEveryNewCommit_inOneRequest() async throws {
        // Given main at `old`, then a push of three commits
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let old = project.commits(2).last!
        let pushed = project.commits(3)
        try await GitLabTestHarness.withClient(fake) { client in
            fake.resetRequestLog()

            // When the range from `old` is read with the head
            let window = try await GitLabProjectSource(client: client)
                .pushedRange(of: "main", from: old, in: project.id)

            // Then it is the three commits, the head first, complete, read in one request
            #expect(window?.commits.map(\.id) == pushed.reversed())
            #expect(window?.isComplete == true)
            #expect(fake.requestCount() == 1)
        }
    }

    @Test func testBranchThatDidNotMoveOn_movedBack_orIsGone_isNil() async throws {
        // Given main and a feature branch, each read at its head
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let first = project.commits(1).last!
        let head = project.commit("two")
        project.createBranch("feature", from: "main")
        try await GitLabTestHarness.withClient(fake) { client in
            let source = GitLabProjectSource(client: client)

            // When main has not moved, then was reset to its first commit, and feature was deleted
            let unmoved = try await source.pushedRange(of: "main", from: head, in: project.id)
            project.forcePush("main", to: first)
            let movedBack = try await source.pushedRange(of: "main", from: head, in: project.id)
            project.deleteBranch("feature")
            let gone = try await source.pushedRange(of: "feature", from: head, in: project.id)

            // Then none of them is proved by the page: the caller reads the head
            #expect(unmoved == nil)
            #expect(movedBack == nil)
            #expect(gone == nil)
        }
    }

    @Test func testRangeThatFillsAPage_isNil_evenWithoutANextPage() async throws {
        // Given a push of exactly one page of commits (GitLab then announces a next page, which may be empty)
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let old = project.commits(1).last!
        project.commits(5)
        try await GitLabTestHarness.withClient(fake) { client in
            // When read five to a page, and four to a page
            let full = try await GitLabProjectSource(client: client, perPage: 5)
                .pushedRange(of: "main", from: old, in: project.id)
            let longer = try await GitLabProjectSource(client: client, perPage: 4)
                .pushedRange(of: "main", from: old, in: project.id)

            // Then neither page proves the head
            #expect(full == nil)
            #expect(longer == nil)
        }
    }

    @Test func testFirstPageThatSkippedToTheNext_isNil_notAnOlderHead() async throws {
        // Given a push of two commits, and the first page answered with the (empty) second page's items
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let old = project.commits(1).last!
        project.commits(2)
        fake.inject(FakeFault(.skipPage, on: .pathContaining("/repository/commits")))
        try await GitLabTestHarness.withClient(fake) { client in
            // When the range is read with the head
            let window = try await GitLabProjectSource(client: client)
                .pushedRange(of: "main", from: old, in: project.id)

            // Then it proves nothing
            #expect(window == nil)
        }
    }

    @Test func testBranch_isNamedInFull_soATagOfTheSameNameDoesNotStandIn() async throws {
        // Given a tag "release" at main's first commit and a branch "release" that moved on from it
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let first = project.commits(1).last!
        project.tag("release", at: first)
        project.createBranch("release", from: "main")
        let pushed = project.commit("fix", on: "release")
        try await GitLabTestHarness.withClient(fake) { client in
            // When the branch's range from the first commit is read
            let window = try await GitLabProjectSource(client: client)
                .pushedRange(of: "release", from: first, in: project.id)

            // Then it is the branch's new commit (a bare "release" would name the tag: an empty range)
            #expect(window?.commits.map(\.id) == [pushed])
        }
    }
}
