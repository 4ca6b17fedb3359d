import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Testing

@testable import Watcher

/// `glwatch run`'s start-up token check, through the runtime built from a config.
@Suite struct WatcherRuntimeTokensTests {
    @Test(.timeLimit(.minutes(5)))
    func testCheckTokens_tokenWithoutReadAPI_failsTheStart_namingTheInstanceAndFileNeverTheToken() async throws {
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        let token = fake.addPersonalAccessToken(for: user, scopes: ["read_user", "read_repository"])
        try await fake.start()
        defer { Task { await fake.stop() } }
        let system = FakeConfigSystem(files: ["/run/secrets/gitlab_token": token + "\n"])
        let config = try system.load(
            """
            gitlab:
              work: {url: "\(fake.baseURL.absoluteString)", token_file: /run/secrets/gitlab_token}
            watch:
              - {project: acme/api, instance: work}
            """
        )
        let directory = TemporaryDirectory()
        let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.sqlite")))
        let runtime = try WatcherRuntime(
            config: config, store: store, queue: store, output: CapturedText(),
            scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), environment: system
        )

        await #expect(
            throws: CLIError(
                "gitlab instance \"work\": the token \"glwatch\" (file /run/secrets/gitlab_token) lacks the read_api "
                    + "scope (it has: read_repository, read_user); create one with read_api"
            )
        ) {
            try await runtime.checkTokens()
        }
        await runtime.shutdown()
    }
}
