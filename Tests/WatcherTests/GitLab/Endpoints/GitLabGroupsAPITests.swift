import FakeGitLab
import Foundation
import Testing

@testable import Watcher

@Suite struct GitLabGroupsAPITests {
    @Test func testGet_andProjectsWithAndWithoutSubgroups() async throws {
        let gitlab = FakeGitLab()
        gitlab.addProject("acme/web")
        gitlab.addProject("acme/backend/api")
        gitlab.addProject("acme/backend/worker").archive()
        gitlab.addProject("other/thing")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let group = try await client.groups.get("acme")
            let direct = try await client.groups.projects(of: .id(group.id)).loadAll()
            let all = try await client.groups.projects(
                of: "acme",
                options: GitLabGroupProjectsOptions(includeSubgroups: true, archived: false)
            ).loadAll()

            #expect(group.fullPath == "acme")
            #expect(direct.map(\.pathWithNamespace) == ["acme/web"])
            #expect(Set(all.map(\.pathWithNamespace)) == ["acme/web", "acme/backend/api"])
        }
    }

    @Test func testGet_unknownGroupIsNotFound() async throws {
        try await GitLabTestHarness.withClient(FakeGitLab()) { client in
            let error = await GitLabTestHarness.error { try await client.groups.get("nope") }

            guard case .notFound(let context, .group, "404 Group Not Found")? = error else {
                Issue.record("expected notFound, got \(String(describing: error))")
                return
            }
            #expect(context.resource == "group nope")
        }
    }

    @Test func testProjects_lastActivityAfterFiltersGroupProjects() async throws {
        let gitlab = FakeGitLab()
        let cutoff = Date(timeIntervalSince1970: 1_700_000_000)
        gitlab.addProject("acme/stale").setLastActivity(cutoff.addingTimeInterval(-60))
        gitlab.addProject("acme/fresh").setLastActivity(cutoff.addingTimeInterval(60))

        try await GitLabTestHarness.withClient(gitlab) { client in
            let fresh = try await client.groups.projects(
                of: "acme",
                options: GitLabGroupProjectsOptions(lastActivityAfter: cutoff)
            ).loadAll()

            #expect(fresh.map(\.path) == ["fresh"])
        }
    }
}
