import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// No token or password ever appears in a message, a description, a reflection or a log line.
@Suite struct GitLabClientRedactionTests {
    @Test func testDescriptionsAndReflection_neverShowSecrets() {
        let secret = "glpat-TOPSECRET-1234567890"
        let auths: [GitLabAuth] = [
            .privateToken(GitLabSecret(secret)), .bearer(GitLabSecret(secret)), .jobToken(GitLabSecret(secret)),
            .oauth(
                GitLabOAuthToken(accessToken: GitLabSecret(secret), refreshToken: GitLabSecret(secret + "-refresh")),
                application: GitLabOAuthApplication(clientID: "app", clientSecret: GitLabSecret(secret + "-app"))
            ),
            .password(username: "alice", password: GitLabSecret(secret)),
        ]
        for auth in auths {
            let client = GitLabClient(
                host: URL(string: "https://gitlab.example.com")!,
                auth: auth,
                transport: ScriptedTransport([]) { 0 },
                scheduler: VirtualTimeDriver(),
                configuration: GitLabClientConfiguration(userAgent: "glwatch/test")
            )
            var dumped = ""
            dump(auth, to: &dumped)
            dump(client, to: &dumped)
            let texts = [
                String(describing: auth), String(reflecting: auth), "\(auth)", String(describing: client),
                String(reflecting: client), dumped,
            ]
            for text in texts {
                #expect(!text.contains("TOPSECRET"), "leaked in: \(text)")
            }
        }
        var dumpedSecret = ""
        dump(GitLabSecret(secret), to: &dumpedSecret)
        #expect(!dumpedSecret.contains("TOPSECRET"))
        #expect("\(GitLabSecret(secret))" == "<redacted>")
        #expect(!String(reflecting: GitLabOAuthToken(accessToken: GitLabSecret(secret))).contains("TOPSECRET"))
    }

    @Test func testErrorsAndLogs_neverShowTheToken_evenWhenGitLabEchoesIt() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let token = gitlab.addPersonalAccessToken(for: alice)
        let api = gitlab.addProject("acme/api", members: [alice])
        api.commits(3)
        gitlab.inject(
            FakeFault(
                .body(#"{"message":"token \#(token) lacks access"}"#, status: 400),
                on: .pathContaining("/repository/branches")
            )
        )
        gitlab.inject(FakeFault(.status(503), on: .pathContaining("/repository/tags"), times: 1))
        gitlab.inject(FakeFault(.dropConnection, on: .pathContaining("/repository/contributors"), times: 10))
        let lines = CapturingLogHandler.Lines()
        let configuration = GitLabTestHarness.configuration(
            retry: RetryPolicy.gitLab(maximumRetries: 1, initialBackoff: .milliseconds(1)),
            logger: CapturingLogHandler.logger(lines)
        )

        try await GitLabTestHarness.withClient(
            gitlab,
            auth: .privateToken(GitLabSecret(token)),
            configuration: configuration
        ) { client in
            var errors: [GitLabError] = []
            for operation in [
                { _ = try await client.repositories.branches(of: .id(api.id)).loadAll() },
                { _ = try await client.repositories.contributors(of: .id(api.id)).loadAll() },
                { _ = try await client.projects.get("acme/missing") },
            ] as [() async throws -> Void] {
                if let error = await GitLabTestHarness.error(operation) { errors.append(error) }
            }
            _ = try await client.repositories.tags(of: .id(api.id)).loadAll()  // retried once: a warning is logged

            #expect(errors.count == 3)
            guard case .rejected(_, 400, let message)? = errors.first else {
                Issue.record("expected the echoed 400, got \(errors)")
                return
            }
            #expect(message == "token <redacted> lacks access")
            for error in errors {
                let texts = [
                    String(describing: error), String(reflecting: error), error.localizedDescription,
                    "\(error.context)",
                ]
                for text in texts { #expect(!text.contains(token), "leaked in: \(text)") }
            }
            #expect(!lines.all.isEmpty)
            #expect(lines.all.contains { $0.contains("retrying after a server error") })
            for line in lines.all { #expect(!line.contains(token), "leaked in log: \(line)") }
        }
    }

    @Test func testOAuthSecretsAndPasswords_stayOutOfErrors() async throws {
        let gitlab = FakeGitLab()
        gitlab.addUser("alice", password: "hunter2-but-longer")
        gitlab.inject(
            FakeFault(
                .body(#"{"error":"invalid_grant","error_description":"bad password hunter2-but-longer"}"#, status: 400),
                on: .path("/oauth/token")
            )
        )

        try await GitLabTestHarness.withClient(gitlab) { client in
            let error = await GitLabTestHarness.error {
                try await client.logIn(username: "alice", password: GitLabSecret("hunter2-but-longer"))
            }

            let text = String(describing: try #require(error))
            #expect(text.contains("wrong username or password"))
            #expect(!text.contains("hunter2"))
        }
    }
}
