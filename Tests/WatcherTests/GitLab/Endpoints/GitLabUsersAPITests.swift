import FakeGitLab
import Foundation
import RxCore
import Testing

@testable import Watcher

@Suite struct GitLabUsersAPITests {
    @Test func testCurrent_returnsTheTokensUserAndPublishesIt() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice", name: "Alice Liddell")
        let token = gitlab.addPersonalAccessToken(for: alice)

        try await GitLabTestHarness.withClient(gitlab, auth: .privateToken(GitLabSecret(token))) { client in
            let single: Single<GitLabUser> = client.users.current()
            let user = try await single.value
            let published = try await client.currentUser.values.first { $0 != nil }

            #expect(user.id == alice.id)
            #expect(user.username == "alice")
            #expect(user.email == "alice@example.com")
            #expect(published??.username == "alice")
        }
    }

    @Test func testCurrent_anonymousIsUnauthorized() async throws {
        try await GitLabTestHarness.withClient(FakeGitLab()) { client in
            let error = await GitLabTestHarness.error { try await client.users.current() }

            guard case .unauthorized(let context, "401 Unauthorized")? = error else {
                Issue.record("expected unauthorized, got \(String(describing: error))")
                return
            }
            #expect(context.resource == "current user")
        }
    }
}
