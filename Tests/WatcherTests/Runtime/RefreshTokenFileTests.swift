import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Testing

@testable import Watcher

/// OAuth from the config: the refresh token is renewed through GitLab, and the rotated one written back to its
/// file (atomically, 0600), since GitLab refuses the old one afterwards.
@Suite struct RefreshTokenFileTests {
    @Test func testWrite_replacesTheFileAtomically_readableByItsOwnerOnly() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("refresh")
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)

        try RefreshTokenFile(path: path).write(GitLabSecret("glrt-NEW"))

        #expect(try String(contentsOfFile: path, encoding: .utf8) == "glrt-NEW\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["refresh"])
    }

    @Test func testWrite_unwritableDirectory_isAnErrorNamingTheFileNotTheToken() {
        let file = RefreshTokenFile(path: "/nonexistent-glwatch-dir/refresh")
        #expect {
            try file.write(GitLabSecret("glrt-SECRET"))
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("OAuth refresh token file \"/nonexistent-glwatch-dir/refresh\": cannot create")
                && !text.contains("glrt-SECRET")
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testOAuthFromTheConfig_renewsWithTheRefreshToken_andSavesTheRotatedOne() async throws {
        // Given an OAuth application and a refresh token in a file
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        fake.addOAuthApplication(clientID: "glwatch-app", secret: "app-secret")
        let first = fake.addOAuthToken(for: user)
        try await fake.start()
        defer { Task { await fake.stop() } }
        let directory = TemporaryDirectory()
        let path = directory.file("refresh")
        try (first.refreshToken + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let system = FakeConfigSystem(
            variables: ["GL_CLIENT_ID": "glwatch-app", "GL_CLIENT_SECRET": "app-secret"],
            files: [path: first.refreshToken + "\n"]
        )
        let config = try system.load(
            """
            gitlab:
              work:
                url: "\(fake.baseURL.absoluteString)"
                auth: {type: oauth, client_id_env: GL_CLIENT_ID, client_secret_env: GL_CLIENT_SECRET,
                       refresh_token_file: \(path)}
            watch:
              - {project: acme/api, instance: work}
            """
        )
        #expect(config.instances[0].description.hasSuffix("OAuth token (renewable) from file \(path))"))
        let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.sqlite")))
        let runtime = try WatcherRuntime(
            config: config, store: store, queue: store, output: CapturedText(),
            scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), environment: system
        )

        // When the watcher makes its first request
        let client = try #require(runtime.engine.clients["work"])
        let me = try await client.users.current()

        // Then it renewed the token first, and the rotated refresh token is in the file (0600); the old one is
        // refused from now on
        #expect(me.username == "watcher")
        let saved = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(saved.hasPrefix("glrt-"))
        #expect(saved != first.refreshToken)
        #expect(fake.isTokenValid(saved))
        #expect(!fake.isTokenValid(first.refreshToken))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        await runtime.shutdown()
    }

    @Test func testOAuthConfig_mistakes_areClearErrors() {
        let system = FakeConfigSystem(variables: ["ID": "app", "REFRESH": "glrt-x"], files: ["/r": "glrt-x"])
        #expect(
            system.problems(
                """
                gitlab:
                  a: {auth: {type: oauth, client_id_env: ID, refresh_token_env: REFRESH}}
                  b: {auth: {type: bearer, client_id: app, refresh_token_file: /r}}
                  c: {auth: {type: oauth, refresh_token_file: /r}}
                  d: {token_file: /r, auth: {type: oauth, client_id: app, refresh_token_file: /r}}
                """
            ) == [
                "2:46: unknown key \"refresh_token_env\" in \"auth\" in gitlab instance \"a\" (did you mean \"refresh_token_file\"?)",
                "2:46: \"refresh_token_env\" in \"auth\" in gitlab instance \"a\": the refresh token must be in a file "
                    + "(\"refresh_token_file\"): GitLab replaces it at every renewal and glwatch writes the new one back",
                "3:20: \"type\" in \"auth\" in gitlab instance \"b\" must be \"oauth\" (the only kind of auth written as a mapping)",
                "4:13: \"auth\" in gitlab instance \"c\" needs one of \"client_id\", \"client_id_env\" or \"client_id_file\"",
                "5:29: gitlab instance \"d\" has OAuth settings and a token; remove the token",
            ]
        )
    }
}
