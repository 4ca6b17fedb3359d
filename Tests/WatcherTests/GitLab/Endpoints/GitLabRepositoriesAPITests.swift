import FakeGitLab
import Foundation
import Testing

@testable import Watcher

@Suite struct GitLabRepositoriesAPITests {
    @Test func testBranches_listAndSingleWithASlashInTheName() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(3, on: "main")
        api.protect("main")
        api.createBranch("feature/login", from: "main")
        let head = api.commit("Login form", on: "feature/login")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let branches = try await client.repositories.branches(of: .id(api.id)).loadAll()
            let feature = try await client.repositories.branch("feature/login", of: "acme/api")

            #expect(branches.map(\.name) == ["feature/login", "main"])
            #expect(branches.first { $0.name == "main" }?.isDefault == true)
            #expect(branches.first { $0.name == "main" }?.protected == true)
            #expect(feature.commit.id == head)
            #expect(feature.merged == false)
            #expect(gitlab.requests.last?.path == "/api/v4/projects/acme%2Fapi/repository/branches/feature%2Flogin")
        }
    }

    @Test func testBranch_missingIsNotFound() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(1)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let error = await GitLabTestHarness.error { try await client.repositories.branch("gone", of: .id(api.id)) }

            guard case .notFound(let context, .branch, "404 Branch Not Found")? = error else {
                Issue.record("expected Branch Not Found, got \(String(describing: error))")
                return
            }
            #expect(context.resource == "branch \"gone\" of project \(api.id)")
        }
    }

    @Test func testTags_newestFirstWithTheirCommits() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let first = api.commit("One")
        let second = api.commit("Two")
        api.tag("v1.0.0", at: first, message: "Release 1.0.0")
        api.tag("v1.1.0", at: second)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let tags = try await client.repositories.tags(of: .id(api.id)).loadAll()

            #expect(tags.map(\.name) == ["v1.1.0", "v1.0.0"])
            #expect(tags[1].commit?.id == first)
            #expect(tags[1].message == "Release 1.0.0")
            #expect(tags[0].createdAt == nil)  // lightweight tag
        }
    }

    @Test func testContributors_groupByExactEmailAndSkipMerges() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let alice = FakeAuthor(name: "Alice", email: "alice@example.com")
        let aliceUpper = FakeAuthor(name: "Alice", email: "Alice@Example.com")
        api.commits(3, on: "main", by: [alice])
        api.createBranch("topic", from: "main")
        api.commit("Topic", on: "topic", by: aliceUpper)
        api.merge("topic", into: "main", by: alice)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let contributors = try await client.repositories.contributors(
                of: .id(api.id),
                orderBy: "commits",
                sort: .descending
            ).loadAll()

            #expect(contributors.map(\.email) == ["alice@example.com", "Alice@Example.com"])
            #expect(contributors.map(\.commits) == [3, 1])  // the merge commit is not counted
            #expect(contributors.allSatisfy { $0.additions == 0 && $0.deletions == 0 })
        }
    }

    @Test func testCompare_listsCommitsOldestFirstWithDiffs() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let base = api.commit("Base")
        let later = api.commits(2, on: "main")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let comparison = try await client.repositories.compare(.id(api.id), from: base, to: "main")
            let same = try await client.repositories.compare(.id(api.id), from: "main", to: "main")

            #expect(comparison.commits.map(\.id) == later)
            #expect(comparison.commit?.id == later.last)
            #expect(!comparison.diffs.isEmpty)
            #expect(same.compareSameRef == true)
            #expect(same.commits.isEmpty)
        }
    }

    @Test func testMergeBase_ofTwoDivergedBranches() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let fork = api.commits(3, on: "main").last!
        api.createBranch("topic", from: "main")
        api.commits(2, on: "topic")
        api.commits(2, on: "main")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let base = try await client.repositories.mergeBase(of: ["main", "topic"], in: .id(api.id))

            #expect(base.id == fork)
            #expect(gitlab.requests.last?.queryValues("refs[]") == ["main", "topic"])
        }
    }
}
