import FakeGitLab
import Foundation
import RxCore
import Testing

@testable import Watcher

@Suite struct GitLabCommitsAPITests {
    @Test func testList_newestFirstWithParentsAndAuthorOffsets() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice", utcOffsetMinutes: 120)
        let api = gitlab.addProject("acme/api")
        let shas = api.commits(5, on: "main", by: [alice.author])

        try await GitLabTestHarness.withClient(gitlab) { client in
            let commits = try await client.commits.list(of: .id(api.id)).loadAll()

            #expect(commits.map(\.id) == shas.reversed())
            #expect(commits.first?.parentIDs == [shas[3]])
            #expect(commits.last?.parentIDs == [])
            #expect(commits.first?.authorEmail == "alice@example.com")
            #expect(commits.first?.authoredDate?.utcOffsetSeconds == 7200)
            #expect(commits.first?.authoredDate?.description.hasSuffix("+02:00") == true)
        }
    }

    @Test func testList_revisionRangeListsExactlyTheNewCommits() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let old = api.commits(10, on: "main").last!
        let new = api.commits(3, on: "main")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let range = try await client.commits.list(of: .id(api.id), options: .range(from: old, to: new.last!))
                .loadAll()

            #expect(range.map(\.id) == new.reversed())
            #expect(gitlab.requests.last?.queryValue("ref_name") == "\(old)..\(new.last!)")
        }
    }

    @Test func testList_firstParentSkipsMergedTopicCommits() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(2, on: "main")
        api.createBranch("topic", from: "main")
        let topic = api.commits(3, on: "topic")
        api.commit("Mainline work", on: "main")
        let merge = api.merge("topic", into: "main")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let all = try await client.commits.list(of: .id(api.id)).loadAll()
            let mainline = try await client.commits.list(
                of: .id(api.id),
                options: GitLabCommitListOptions(firstParent: true)
            ).loadAll()

            #expect(all.count == 7)
            #expect(mainline.count == 4)
            #expect(mainline.first?.id == merge)
            #expect(mainline.first?.isMerge == true)
            #expect(Set(mainline.map(\.id)).isDisjoint(with: topic))
        }
    }

    @Test func testList_authorPathSinceAndUntilFilters() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let bob = gitlab.addUser("bob")
        let api = gitlab.addProject("acme/api")
        let start = Date(timeIntervalSince1970: 1_704_067_200)
        api.commit("Old", by: alice.author, committedAt: start)
        api.commit("Alice's", by: alice.author, committedAt: start.addingTimeInterval(3600), files: ["docs/a+b.md"])
        api.commit("Bob's", by: bob.author, committedAt: start.addingTimeInterval(7200))

        try await GitLabTestHarness.withClient(gitlab) { client in
            let byAlice = try await client.commits.list(
                of: .id(api.id),
                options: GitLabCommitListOptions(author: "alice@")
            ).loadAll()
            let touchingDocs = try await client.commits.list(
                of: .id(api.id),
                options: GitLabCommitListOptions(path: "docs/a+b.md")
            ).loadAll()
            let window = try await client.commits.list(
                of: .id(api.id),
                options: GitLabCommitListOptions(
                    since: start.addingTimeInterval(1800),
                    until: start.addingTimeInterval(5400)
                )
            ).loadAll()

            #expect(byAlice.map(\.title) == ["Alice's", "Old"])
            #expect(touchingDocs.map(\.title) == ["Alice's"])  // "+" sent as %2B, not a space
            #expect(window.map(\.title) == ["Alice's"])
        }
    }

    @Test func testList_withStatsAndTrailers() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commit(
            "Fix the parser\n\nIt broke on dates.\n\nSigned-off-by: Alice <alice@example.com>\nCc: Bob <bob@example.com>\nCc: Carol <carol@example.com>",
            files: [FakeCommitFile(path: "a.swift", additions: 10, deletions: 4)]
        )

        try await GitLabTestHarness.withClient(gitlab) { client in
            let commit = try #require(
                try await client.commits.list(
                    of: .id(api.id),
                    options: GitLabCommitListOptions(withStats: true, trailers: true)
                ).loadAll().first
            )

            #expect(commit.stats == GitLabCommitStats(additions: 10, deletions: 4, total: 14))
            #expect(commit.trailers?["Cc"] == "Carol <carol@example.com>")
            #expect(commit.extendedTrailers?["Cc"] == ["Bob <bob@example.com>", "Carol <carol@example.com>"])
            #expect(commit.title == "Fix the parser")
        }
    }

    @Test func testGet_singleCommitWithAndWithoutStats() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let sha = api.commit("One", files: [FakeCommitFile(path: "x", additions: 3, deletions: 1)])

        try await GitLabTestHarness.withClient(gitlab) { client in
            let plain = try await client.commits.get(sha, of: .id(api.id))
            let withStats: Single<GitLabCommit> = client.commits.get(
                String(sha.prefix(8)),
                of: .id(api.id),
                stats: true
            )
            let detailed = try await withStats.value

            #expect(plain.id == sha)
            #expect(plain.stats == nil)
            #expect(detailed.id == sha)
            #expect(detailed.stats?.total == 4)
        }
    }

    @Test func testSHA256Repository_has64DigitIDs() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api", objectFormat: .sha256)
        api.commits(2)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let commits = try await client.commits.list(of: .id(api.id)).loadAll()

            #expect(commits.allSatisfy { $0.id.count == 64 })
            #expect(commits[0].parentIDs?.first?.count == 64)
        }
    }

    @Test func testErrors_emptyRepositoryUnknownCommitAndInvalidRange() async throws {
        let gitlab = FakeGitLab()
        let empty = gitlab.addProject("acme/empty")
        let api = gitlab.addProject("acme/api")
        api.commits(2)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let emptyError = await GitLabTestHarness.error {
                try await client.commits.list(of: .id(empty.id)).loadAll()
            }
            let unknown = await GitLabTestHarness.error { try await client.commits.get("deadbeef", of: .id(api.id)) }
            let invalid = await GitLabTestHarness.error {
                try await client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(refName: "main...x y"))
                    .loadAll()
            }

            guard case .notFound(_, .repository, "404 Repository Not Found")? = emptyError else {
                Issue.record("expected Repository Not Found, got \(String(describing: emptyError))")
                return
            }
            guard case .notFound(let context, .commit, "404 Commit Not Found")? = unknown else {
                Issue.record("expected Commit Not Found, got \(String(describing: unknown))")
                return
            }
            #expect(context.resource == "commit deadbeef of project \(api.id)")
            guard case .rejected(_, 400, "ref_name is invalid")? = invalid else {
                Issue.record("expected 400, got \(String(describing: invalid))")
                return
            }
        }
    }
}
