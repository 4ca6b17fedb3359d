import Foundation
import Testing

@testable import Watcher

@Suite struct GitLabModelDecodingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try GitLabJSON.decoder().decode(type, from: Data(json.utf8))
    }

    @Test func testProject_fullShape_decodesEveryFieldAndIgnoresUnknownOnes() throws {
        let project = try decode(GitLabProject.self, GitLabFixtures.project)

        #expect(project.id == 9_007_199_254_740_993)  // above 2^53: must not pass through a Double
        #expect(project.pathWithNamespace == "diaspora/diaspora-client")
        #expect(project.defaultBranch == "main")
        #expect(project.visibility == .internal)
        #expect(project.archived == true)
        #expect(project.emptyRepo == false)
        #expect(project.namespace?.fullPath == "diaspora")
        #expect(project.namespace?.parentID == nil)
        #expect(abs((project.lastActivityAt?.timeIntervalSince1970 ?? 0) - 1_656_090_686.841) < 0.000_001)
    }

    @Test func testProject_simpleShape_leavesMissingFieldsNil() throws {
        let project = try decode(GitLabProject.self, GitLabFixtures.simpleProject)

        #expect(project.archived == nil)
        #expect(project.visibility == nil)
        #expect(project.emptyRepo == nil)
        #expect(project.defaultBranch == nil)
        #expect(project.namespace == nil)
        #expect(project.topics == ["example", "disapora client"])
    }

    @Test func testCommits_listShape_keepsParentsTrailersAndOffsets() throws {
        let commits = try decode([GitLabCommit].self, GitLabFixtures.commits)

        #expect(commits.count == 2)
        #expect(commits[0].isMerge)
        #expect(commits[0].parentIDs?.count == 2)
        #expect(abs((commits[0].committedDate?.date.timeIntervalSince1970 ?? 0) - 1_632_138_622.001) < 0.000_001)
        #expect(commits[1].committedDate?.utcOffsetSeconds == -7 * 3600)
        #expect(commits[1].authoredDate?.utcOffsetSeconds == 3 * 3600)
        #expect(commits[1].committedDate?.date == Date(timeIntervalSince1970: 1_632_153_972))
        #expect(commits[1].trailers == ["Cc": "Jane Doe <janedoe@gitlab.com>"])
        #expect(commits[1].extendedTrailers?["Cc"]?.count == 2)
        #expect(commits[1].webURL == nil)
    }

    @Test func testCommit_singleShape_hasStatsAndAcceptsA64DigitSHA() throws {
        let commit = try decode(GitLabCommit.self, GitLabFixtures.singleCommit)

        #expect(commit.id.count == 64)
        #expect(commit.stats == GitLabCommitStats(additions: 15, deletions: 10, total: 25))
        #expect(commit.parentIDs == [])
        #expect(!commit.isMerge)
    }

    @Test func testBranch_nameWithSlashAndEmbeddedCommit() throws {
        let branch = try decode(GitLabBranch.self, GitLabFixtures.branch)

        #expect(branch.name == "feature/login")
        #expect(branch.protected == true)
        #expect(branch.isDefault == false)
        #expect(branch.commit.id == "7b5c3cc8be40ee161ae89a06bba6229da1032a0c")
        #expect(branch.commit.authoredDate?.utcOffsetSeconds == 0)
    }

    @Test func testContributors_missingAdditionsAreNil() throws {
        let contributors = try decode([GitLabContributor].self, GitLabFixtures.contributors)

        #expect(contributors.map(\.commits) == [117, 33])
        #expect(contributors[1].additions == nil)
    }

    @Test func testComparison_partialCommitsAndDiffs() throws {
        let comparison = try decode(GitLabComparison.self, GitLabFixtures.compare)

        #expect(comparison.commits.count == 1)
        #expect(comparison.commits[0].parentIDs == nil)  // compare's commits leave it out: unknown, not "no parents"
        #expect(comparison.diffs[0].aMode == nil)
        #expect(comparison.compareSameRef == false)
    }

    @Test func testEvent_pushDataOfANewBranch() throws {
        let event = try decode(GitLabEvent.self, GitLabFixtures.pushEvent)

        #expect(event.pushData?.action == .created)
        #expect(event.pushData?.commitFrom == nil)
        #expect(event.pushData?.ref == "feature/x")
        #expect(event.author?.username == "root")
        #expect(event.targetType == nil)
    }

    @Test func testTagAndUser() throws {
        let tag = try decode(GitLabTag.self, GitLabFixtures.tag)
        let user = try decode(GitLabUser.self, GitLabFixtures.user)

        #expect(tag.commit?.committedDate?.utcOffsetSeconds == -7 * 3600)
        #expect(tag.target == "2695effb5807a22ff3d138d593fd856244e155e7")
        #expect(user.username == "john_smith")
        #expect(user.bot == false)
    }

    @Test func testUnknownEnumValues_decodeInsteadOfFailing() throws {
        let project = try decode(
            GitLabProject.self,
            #"{"id": 1, "name": "a", "path": "a", "path_with_namespace": "g/a", "visibility": "secret-future-level"}"#
        )

        #expect(project.visibility?.rawValue == "secret-future-level")
    }

    @Test func testModels_roundTripThroughTheirOwnEncoding() throws {
        let commits = try decode([GitLabCommit].self, GitLabFixtures.commits)
        let encoded = try JSONEncoder().encode(commits)
        let decoded = try GitLabJSON.decoder().decode([GitLabCommit].self, from: encoded)

        #expect(decoded == commits)
    }
}
