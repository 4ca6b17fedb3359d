import FakeGitLab
import Foundation
import Testing

@testable import Watcher

/// `client.graphQL.defaultBranchHeads(of:)` against the fake's GraphQL subset, with GitLab's 50-path and
/// complexity limits (docs/gitlab-api.md, "GraphQL batch").
@Suite struct GitLabGraphQLAPITests {
    @Test func testHeads_ofVisibleProjects_missingOnesLeftOut() async throws {
        // Given two public projects (one empty) and a private one the caller cannot see
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let head = api.commits(2).last
        gitlab.addProject("acme/empty")
        gitlab.addProject("acme/secret", visibility: .private).commits(1)

        try await GitLabTestHarness.withClient(gitlab) { client in
            // When their heads are asked for in one request
            let heads = try await client.graphQL.defaultBranchHeads(of: ["acme/api", "acme/empty", "acme/secret"])

            // Then the visible ones answer, the invisible one is absent
            #expect(heads["acme/api"] == GitLabBranchHead(branch: "main", sha: head))
            #expect(heads["acme/empty"] == GitLabBranchHead(branch: nil, sha: nil))
            #expect(heads["acme/secret"] == nil)
            #expect(gitlab.requests.map(\.method) == ["POST"])
            #expect(gitlab.requests.first?.path == "/api/graphql")
        }
    }

    @Test func testHeads_moreThan50Paths_isAGraphQLError() async throws {
        let gitlab = FakeGitLab()

        try await GitLabTestHarness.withClient(gitlab) { client in
            let paths = (1...51).map { "acme/p\($0)" }
            let error = await GitLabTestHarness.error { try await client.graphQL.defaultBranchHeads(of: paths) }

            #expect(error?.status == 200)
            #expect("\(error.map(String.init(describing:)) ?? "")".contains("more than 50 full paths"))
        }
    }

    @Test func testHeads_overTheComplexityLimit_isAGraphQLError() async throws {
        // Given a GitLab release where one project costs 20 (13 cost 262 > 250)
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(graphQLComplexityPerProject: 20))
        let alice = gitlab.addUser("alice")
        let auth = GitLabAuth.privateToken(GitLabSecret(gitlab.addPersonalAccessToken(for: alice)))

        try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
            let error = await GitLabTestHarness.error {
                try await client.graphQL.defaultBranchHeads(of: (1...13).map { "acme/p\($0)" })
            }
            let fits = try await client.graphQL.defaultBranchHeads(of: (1...12).map { "acme/p\($0)" })

            #expect("\(error.map(String.init(describing:)) ?? "")".contains("exceeds max complexity of 250"))
            #expect(fits.isEmpty)
        }
    }

    @Test func testHeads_graphQLDisabled_is404() async throws {
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(graphQLEnabled: false))

        try await GitLabTestHarness.withClient(gitlab) { client in
            let error = await GitLabTestHarness.error { try await client.graphQL.defaultBranchHeads(of: ["a/b"]) }

            #expect(error?.status == 404)
        }
    }
}
