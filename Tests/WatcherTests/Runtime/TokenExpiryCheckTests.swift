import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCoreTest
import Synchronization
import Testing

@testable import Watcher

/// The token check against the fake GitLab: `token.expiring` ahead of time, and the start-up error for a token
/// that cannot read the API.
@Suite struct TokenExpiryCheckTests {
    private final class Stored: Sendable {
        let events = Mutex<[WatchEvent]>([])
    }

    private func check(
        _ client: GitLabClient,
        now: Date,
        warning: TimeInterval = 14 * 86_400,
        stored: Stored
    ) -> TokenExpiryCheck {
        var config = GitLabInstanceConfig(
            name: "work", url: client.host, auth: .none, tokenSource: "file /run/secrets/gitlab_token"
        )
        config.tokenExpiryWarning = warning
        return TokenExpiryCheck(
            instances: [TokenExpiryCheck.Instance(config: config, client: client)],
            scheduler: TestScheduler(initialClock: Int(now.timeIntervalSince1970), simulateProcessingDelay: false),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            store: { event in stored.events.withLock { $0.append(event) } }
        )
    }

    @Test func testCheckAll_tokenExpiringWithinTheWarning_storesOneTokenExpiring_sameIdEveryDay() async throws {
        // Given a token that expires in 10 days
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        let now = Date()
        let token = fake.addPersonalAccessToken(for: user, expiresAt: now.addingTimeInterval(10 * 86_400 + 3600))
        try await GitLabTestHarness.withClient(fake, auth: .privateToken(GitLabSecret(token))) { client in
            let stored = Stored()

            // When it is checked at start and again (the daily check)
            let tokens = await check(client, now: now, stored: stored).checkAll()
            await check(client, now: now.addingTimeInterval(60), stored: stored).checkAll()

            // Then token.expiring names the token (not its value), its expiry and where it comes from, with the same
            // id both times (the store keeps one)
            #expect(tokens["work"]?.canReadAPI == true)
            let events = stored.events.withLock { $0 }
            #expect(events.map(\.type) == [.tokenExpiring, .tokenExpiring])
            #expect(Set(events.map(\.id)).count == 1)
            guard case .tokenExpiring(let details) = events.first?.details else { return }
            #expect(details.daysLeft == 9 || details.daysLeft == 10)
            #expect(details.tokenName == "glwatch")
            #expect(details.source == "file /run/secrets/gitlab_token")
            #expect(events.first?.project.key == "work/0")
            let json = try events[0].jsonData()
            #expect(!String(decoding: json, as: UTF8.self).contains(token))
        }
    }

    @Test func testCheckAll_tokenFarFromExpiry_orNeverExpiring_storesNothing() async throws {
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        let now = Date()
        let later = fake.addPersonalAccessToken(for: user, expiresAt: now.addingTimeInterval(30 * 86_400))
        let never = fake.addPersonalAccessToken(for: user)
        for token in [later, never] {
            try await GitLabTestHarness.withClient(fake, auth: .privateToken(GitLabSecret(token))) { client in
                let stored = Stored()
                let tokens = await check(client, now: now, stored: stored).checkAll()
                #expect(tokens["work"] != nil)
                #expect(stored.events.withLock { $0 }.isEmpty)
            }
        }
    }

    @Test func testScopeError_tokenWithoutReadAPI_isAStartUpErrorNamingTheInstanceAndScopes() async throws {
        // Given a token that may only read the user
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        let token = fake.addPersonalAccessToken(for: user, scopes: ["read_user"])
        try await GitLabTestHarness.withClient(fake, auth: .privateToken(GitLabSecret(token))) { client in
            let check = check(client, now: Date(), stored: Stored())

            let error = check.scopeError(await check.checkAll())

            #expect(
                error?.description
                    == "gitlab instance \"work\": the token \"glwatch\" (file /run/secrets/gitlab_token) lacks the "
                    + "read_api scope (it has: read_user); create one with read_api"
            )
        }
    }

    @Test func testCheckAll_credentialsGitLabDoesNotDescribe_areSkipped() async throws {
        // An OAuth token: /personal_access_tokens/self answers 404, so nothing is known and nothing fails.
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        let oauth = fake.addOAuthToken(for: user)
        try await GitLabTestHarness.withClient(fake, auth: .bearer(GitLabSecret(oauth.accessToken))) { client in
            let check = check(client, now: Date(), stored: Stored())
            let tokens = await check.checkAll()
            #expect(tokens.isEmpty)
            #expect(check.scopeError(tokens) == nil)
        }
    }
}
