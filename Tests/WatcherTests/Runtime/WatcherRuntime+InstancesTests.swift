import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Testing

@testable import Watcher

/// SIGHUP with a changed `gitlab:` section: the running clients take the new URL and token for their next
/// request, and nothing else is rebuilt.
@Suite struct WatcherRuntimeInstancesTests {
    @Test(.timeLimit(.minutes(1)))
    func testReload_newURLAndTokenFile_applyToTheRunningClients_withoutRebuildingTheEngine() async throws {
        // Given a runtime watching the fake at 127.0.0.1 with a token from a file
        let fake = FakeGitLab()
        let user = fake.addUser("watcher")
        let old = fake.addPersonalAccessToken(for: user)
        let new = fake.addPersonalAccessToken(for: user)
        try await fake.start()
        defer { Task { await fake.stop() } }
        let port = try #require(fake.baseURL.port)
        var system = FakeConfigSystem(files: ["/run/secrets/old": old + "\n", "/run/secrets/new": new + "\n"])
        func config(url: String, file: String) throws -> GLWatchConfig {
            try system.load(
                """
                gitlab:
                  work: {url: "\(url)", token_file: \(file)}
                watch:
                  - {project: acme/api, instance: work}
                """
            )
        }
        let directory = TemporaryDirectory()
        let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.sqlite")))
        let lines = CapturingLogHandler.Lines()
        let runtime = try WatcherRuntime(
            config: try config(url: "http://127.0.0.1:\(port)", file: "/run/secrets/old"),
            store: store, queue: store, output: CapturedText(),
            scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
            logger: CapturingLogHandler.logger(lines), environment: system
        )
        let client = try #require(runtime.engine.clients["work"])
        #expect(try await client.users.current().username == "watcher")

        // When the old token is revoked and the config, now naming localhost and the new token's file, is reloaded
        fake.revokeToken(old)
        system.files["/run/secrets/old"] = nil
        let reloaded = try config(url: "http://localhost:\(port)", file: "/run/secrets/new")
        await runtime.reload { reloaded }

        // Then the same client (same engine, same pipelines) goes to the new URL with the new token
        #expect(runtime.engine.clients["work"] === client)
        #expect(client.host.absoluteString == "http://localhost:\(port)")
        #expect(try await client.users.current().username == "watcher")
        #expect(runtime.probes["work"]?.host.absoluteString == "http://localhost:\(port)")
        #expect(lines.all.contains { $0.hasPrefix("notice gitlab instance reconfigured") })
        #expect(!lines.all.contains { $0.contains("take effect at the next restart") })
        #expect(!lines.all.joined().contains(new))
        await runtime.shutdown()
    }
}
