import FakeGitLab
import Foundation
import RxCore
import Testing

@testable import Watcher

@Suite struct GitLabAuthTests {
    @Test func testPrivateToken_bearerAndJobToken_sendTheirHeaders() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let pat = gitlab.addPersonalAccessToken(for: alice)
        let project = gitlab.addProject("acme/api", members: [alice])
        project.setVisibility(.private)
        let job = gitlab.addJobToken(for: alice, project: project)

        for auth in [
            GitLabAuth.privateToken(GitLabSecret(pat)), .bearer(GitLabSecret(pat)), .jobToken(GitLabSecret(job)),
        ] {
            try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
                let observed5 = try await client.projects.get("acme/api").id
                #expect(observed5 == project.id)
            }
        }
        let headers = gitlab.requests.map {
            ($0.header("PRIVATE-TOKEN"), $0.header("Authorization"), $0.header("JOB-TOKEN"))
        }
        #expect(headers[0] == (pat, nil, nil))
        #expect(headers[1] == (nil, "Bearer \(pat)", nil))
        #expect(headers[2] == (nil, nil, job))
    }

    @Test func testNone_seesPublicProjectsOnly() async throws {
        let gitlab = FakeGitLab()
        gitlab.addProject("acme/open")
        gitlab.addProject("acme/closed", visibility: .internal)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let observed6 = try await client.projects.get("acme/open").path
            #expect(observed6 == "open")
            let error = await GitLabTestHarness.error { try await client.projects.get("acme/closed") }
            #expect(error?.status == 404)
            #expect(
                gitlab.requests.allSatisfy { $0.header("PRIVATE-TOKEN") == nil && $0.header("Authorization") == nil }
            )
        }
    }

    @Test func testUnknownExpiredAndRevokedTokens_areUnauthorizedWithGitLabsReason() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let expired = gitlab.addPersonalAccessToken(for: alice)
        gitlab.expireToken(expired)
        let revoked = gitlab.addPersonalAccessToken(for: alice)
        gitlab.revokeToken(revoked)
        let cases = [
            ("glpat-unknown-0000", "401 Unauthorized"), (expired, "Token is expired"), (revoked, "Token was revoked"),
        ]

        for (token, reason) in cases {
            try await GitLabTestHarness.withClient(gitlab, auth: .privateToken(GitLabSecret(token))) { client in
                let error = await GitLabTestHarness.error { try await client.users.current() }
                guard case .unauthorized(_, let message)? = error else {
                    Issue.record("expected unauthorized, got \(String(describing: error))")
                    return
                }
                #expect(message?.contains(reason) == true)
            }
        }
    }

    @Test func testInsufficientScope_isForbiddenAndNamesTheScope() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let token = gitlab.addPersonalAccessToken(for: alice, scopes: ["read_user"])
        let api = gitlab.addProject("acme/api")

        try await GitLabTestHarness.withClient(gitlab, auth: .privateToken(GitLabSecret(token))) { client in
            let observed7 = try await client.users.current().username
            #expect(observed7 == "alice")  // read_user is enough for /user
            let error = await GitLabTestHarness.error { try await client.projects.get(.id(api.id)) }

            guard case .forbidden(_, let message)? = error else {
                Issue.record("expected forbidden, got \(String(describing: error))")
                return
            }
            #expect(message?.hasPrefix("insufficient_scope") == true)
        }
    }

    @Test func testLogIn_withPassword_thenRequestsUseTheOAuthTokenAndLogOutRevokesIt() async throws {
        let gitlab = FakeGitLab()
        gitlab.addUser("alice", password: "correct horse")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let users = client.currentUser
            let observed8 = try await users.values.first { _ in true }
            #expect(observed8 == .some(nil))

            let user = try await client.logIn(username: "alice", password: GitLabSecret("correct horse")).value
            let token = try #require(try await client.oauthToken.values.first { $0 != nil } ?? nil)

            #expect(user.username == "alice")
            let observed9 = try await users.values.first { _ in true }??.username
            #expect(observed9 == "alice")
            #expect(gitlab.requests[0].path == "/oauth/token")
            #expect(gitlab.requests[0].header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(gitlab.requests[1].header("Authorization") == "Bearer \(token.accessToken.exposedValue)")
            #expect(token.refreshToken != nil)
            #expect(token.expiresIn == 7200)

            await client.logOut()

            #expect(!gitlab.isTokenValid(token.accessToken.exposedValue))
            let observed10 = try await users.values.first { _ in true }
            #expect(observed10 == .some(nil))
            let error = await GitLabTestHarness.error { try await client.users.current() }
            #expect(error?.status == 401)
            #expect(gitlab.requests.last?.header("Authorization") == nil)
        }
    }

    @Test func testLogIn_wrongPasswordIsUnauthorized() async throws {
        let gitlab = FakeGitLab()
        gitlab.addUser("alice", password: "correct horse")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let error = await GitLabTestHarness.error {
                try await client.logIn(username: "alice", password: GitLabSecret("battery staple"))
            }

            guard case .unauthorized(let context, let message)? = error else {
                Issue.record("expected unauthorized, got \(String(describing: error))")
                return
            }
            #expect(message?.contains("wrong username or password") == true)
            #expect(context.resource == "sign-in of alice")
        }
    }

    @Test func testLogIn_refusedByNewerGitLab_saysWhatToDoInstead() async throws {
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(passwordGrantEnabled: false))
        gitlab.addUser("alice", password: "correct horse")

        try await GitLabTestHarness.withClient(gitlab) { client in
            let error = await GitLabTestHarness.error {
                try await client.logIn(username: "alice", password: GitLabSecret("correct horse"))
            }

            guard case .passwordGrantRefused? = error else {
                Issue.record("expected passwordGrantRefused, got \(String(describing: error))")
                return
            }
            let text = error!.description
            #expect(text.contains("unsupported_grant_type"))
            #expect(text.contains("no longer allow the OAuth password grant"))
            #expect(text.contains("personal access token"))
        }
    }

    @Test func testPasswordAuth_signsInLazilyOnTheFirstRequest() async throws {
        let gitlab = FakeGitLab()
        gitlab.addUser("alice", password: "correct horse")

        try await GitLabTestHarness.withClient(
            gitlab,
            auth: .password(username: "alice", password: GitLabSecret("correct horse"))
        ) { client in
            let observed11 = try await client.users.current().username
            #expect(observed11 == "alice")
            #expect(gitlab.requests.map(\.path) == ["/oauth/token", "/api/v4/user"])
        }
    }

    @Test func testOAuth_renewsTheTokenBeforeItExpires_inVirtualTime() async throws {
        let driver = VirtualTimeDriver()
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { driver.now }))
        let alice = gitlab.addUser("alice")
        let issued = gitlab.addOAuthToken(for: alice, lifetime: 7200)
        let token = GitLabOAuthToken(
            accessToken: GitLabSecret(issued.accessToken),
            refreshToken: GitLabSecret(issued.refreshToken),
            expiresIn: 7200,
            createdAt: driver.now
        )

        try await GitLabTestHarness.withClient(gitlab, auth: .oauth(token), scheduler: driver) { client in
            try await driver.run {
                _ = try await client.users.current()
                try await SchedulerClock(scheduler: driver).sleep(for: .seconds(7150))  // 50 s before expiry
                _ = try await client.users.current()
            }
            let renewed = try #require(try await client.oauthToken.values.first { _ in true } ?? nil)

            #expect(gitlab.requests.map(\.path) == ["/api/v4/user", "/oauth/token", "/api/v4/user"])
            #expect(renewed.accessToken.exposedValue != issued.accessToken)
            #expect(gitlab.requests[2].header("Authorization") == "Bearer \(renewed.accessToken.exposedValue)")
            #expect(!gitlab.isTokenValid(issued.accessToken))
        }
    }

    @Test func testOAuth_renewsAndRetriesWhenGitLabSaysTheTokenExpired() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let issued = gitlab.addOAuthToken(for: alice)
        gitlab.expireToken(issued.accessToken)
        let token = GitLabOAuthToken(
            accessToken: GitLabSecret(issued.accessToken),
            refreshToken: GitLabSecret(issued.refreshToken)
        )

        try await GitLabTestHarness.withClient(gitlab, auth: .oauth(token)) { client in
            let observed12 = try await client.users.current().username
            #expect(observed12 == "alice")
            #expect(gitlab.requests.map(\.status) == [401, 200, 200])
            #expect(gitlab.requests.map(\.path) == ["/api/v4/user", "/oauth/token", "/api/v4/user"])
        }
    }

    @Test func testOAuth_renewalIsSingleFlightAcrossConcurrentRequests() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let issued = gitlab.addOAuthToken(for: alice)
        gitlab.expireToken(issued.accessToken)
        let project = gitlab.addProject("acme/api")
        let token = GitLabOAuthToken(
            accessToken: GitLabSecret(issued.accessToken),
            refreshToken: GitLabSecret(issued.refreshToken),
            expiresIn: 0,
            createdAt: Date(timeIntervalSince1970: 0)
        )

        try await GitLabTestHarness.withClient(gitlab, auth: .oauth(token)) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<5 { group.addTask { _ = try await client.projects.get(.id(project.id)) } }
                try await group.waitForAll()
            }

            #expect(gitlab.requestCount(matching: .path("/oauth/token")) == 1)
        }
    }
}
