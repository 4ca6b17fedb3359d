import FakeGitLab
import Foundation
import RxCore
import Testing

@testable import Watcher

@Suite struct GitLabProjectsAPITests {
    @Test func testGet_byIdAndByURLEncodedFullPath() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/backend/api", description: "The API")
        api.commit("Initial commit", on: "main")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let byID = try await client.projects.get(.id(api.id))
            let byPath = try await client.projects.get("acme/backend/api")

            #expect(byID == byPath)
            #expect(byID.pathWithNamespace == "acme/backend/api")
            #expect(byID.defaultBranch == "main")
            #expect(byID.visibility == .public)
            #expect(byID.emptyRepo == false)
            #expect(byID.namespace?.fullPath == "acme/backend")
            #expect(gitlab.requests.last?.path == "/api/v4/projects/acme%2Fbackend%2Fapi")
        }
    }

    @Test func testGet_reactiveSingleEmitsTheProject() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let single: Single<GitLabProject> = client.projects.get(.id(api.id))
            let project = try await single.value

            #expect(project.id == api.id)
            #expect(project.defaultBranch == nil)  // empty repository
            #expect(project.emptyRepo == true)
        }
    }

    @Test func testGet_renamedProjectByItsOldPathFollowsThe301() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.rename(to: "platform/core-api")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let project = try await client.projects.get("acme/api")

            #expect(project.id == api.id)
            #expect(project.pathWithNamespace == "platform/core-api")
            #expect(gitlab.requests.map(\.status) == [301, 200])
            #expect(gitlab.requests.last?.path == "/api/v4/projects/\(api.id)")
        }
    }

    @Test func testGet_privateProjectIsNotFoundForAnonymousButVisibleToMembers() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let token = gitlab.addPersonalAccessToken(for: alice)
        let api = gitlab.addProject("acme/api", members: [alice])
        api.setVisibility(.private)

        try await GitLabTestHarness.withClient(gitlab) { anonymous in
            let error = await GitLabTestHarness.error { try await anonymous.projects.get("acme/api") }
            guard case .notFound(let context, .project, let message)? = error else {
                Issue.record("expected notFound, got \(String(describing: error))")
                return
            }
            #expect(message == "404 Project Not Found")
            #expect(context.resource == "project acme/api")
            #expect(error?.description.contains("127.0.0.1") == true)
        }
        try await GitLabTestHarness.withClient(gitlab, auth: .privateToken(GitLabSecret(token))) { member in
            let observed16 = try await member.projects.get("acme/api").visibility
            #expect(observed16 == .private)
        }
    }

    @Test func testList_scopesToMembershipAndFiltersArchived() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let token = gitlab.addPersonalAccessToken(for: alice)
        gitlab.addProject("acme/mine", members: [alice])
        gitlab.addProject("acme/old", members: [alice]).archive()
        gitlab.addProject("acme/theirs")

        try await GitLabTestHarness.withClient(gitlab, auth: .privateToken(GitLabSecret(token))) { client in
            let all = try await client.projects.list().loadAll()
            let active = try await client.projects.list(GitLabProjectListOptions(archived: false)).loadAll()
            let simple = try await client.projects.list(GitLabProjectListOptions(simple: true)).loadAll()

            #expect(Set(all.map(\.path)) == ["mine", "old"])
            #expect(active.map(\.path) == ["mine"])
            #expect(simple.allSatisfy { $0.archived == nil && $0.visibility == nil })
            #expect(gitlab.requests.first?.queryValue("membership") == "true")
        }
    }

    @Test func testList_lastActivityAfterAndOrder() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let token = gitlab.addPersonalAccessToken(for: alice)
        let cutoff = Date(timeIntervalSince1970: 1_700_000_000)
        for (index, name) in ["a", "b", "c"].enumerated() {
            gitlab.addProject("acme/\(name)", members: [alice]).setLastActivity(
                cutoff.addingTimeInterval(Double(index - 1) * 3600)
            )
        }

        try await GitLabTestHarness.withClient(gitlab, auth: .privateToken(GitLabSecret(token))) { client in
            let options = GitLabProjectListOptions(lastActivityAfter: cutoff, orderBy: "name", sort: .descending)
            let recent = try await client.projects.list(options).loadAll()

            #expect(recent.map(\.path) == ["c"])  // "b" is at the cutoff, which is exclusive
            #expect(gitlab.requests.first?.queryValue("last_activity_after") == "2023-11-14T22:13:20Z")
        }
    }
}
