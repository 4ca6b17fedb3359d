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
    @Test(.timeLimit(.minutes(5)))
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

    @Test(.timeLimit(.minutes(5)))
    func testReload_newCAFile_buildsANewTransport_andAnUnusableOneKeepsTheRunningClient() async throws {
        // Given a runtime watching the fake without a CA file
        let fake = FakeGitLab()
        try await fake.start()
        defer { Task { await fake.stop() } }
        let directory = TemporaryDirectory()
        let goodCA = directory.file("ca.pem")
        let badCA = directory.file("broken.pem")
        try Self.testCA.write(toFile: goodCA, atomically: true, encoding: .utf8)
        try "not a certificate".write(toFile: badCA, atomically: true, encoding: .utf8)
        let system = FakeConfigSystem(files: [goodCA: Self.testCA, badCA: "not a certificate"])
        func config(ca: String?) throws -> GLWatchConfig {
            try system.load(
                """
                gitlab:
                  work: {url: "\(fake.baseURL.absoluteString)"\(ca.map { ", ca_file: \($0)" } ?? "")}
                watch:
                  - {project: acme/api, instance: work}
                """
            )
        }
        let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.sqlite")))
        let lines = CapturingLogHandler.Lines()
        let runtime = try WatcherRuntime(
            config: try config(ca: nil), store: store, queue: store, output: CapturedText(),
            scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
            logger: CapturingLogHandler.logger(lines), environment: system
        )
        let client = try #require(runtime.engine.clients["work"])

        // When the config names a CA file, then one that is not a certificate
        let withCA = try config(ca: goodCA)
        await runtime.reload { withCA }
        let afterGood = runtime.gitlabTransports.withLock { $0.count }
        let withBrokenCA = try config(ca: badCA)
        await runtime.reload { withBrokenCA }

        // Then the first took a new transport that the same client uses; the second is an error and changes nothing
        #expect(afterGood == 2)
        #expect(runtime.gitlabTransports.withLock { $0.count } == 2)
        #expect(lines.all.contains { $0.hasPrefix("notice gitlab instance reconfigured") })
        #expect(lines.all.contains { $0.hasPrefix("error gitlab instance not reconfigured; it keeps its URL and CA") })
        #expect(runtime.engine.clients["work"] === client)
        let answer = await GitLabTestHarness.error { try await client.users.current() }
        #expect(answer?.status == 401)  // the fake answered (anonymously) through the new transport
        await runtime.shutdown()
    }

    /// A self-signed CA certificate made for this test (`openssl req -x509 … -subj "/CN=glwatch test CA"`).
    static let testCA = """
        -----BEGIN CERTIFICATE-----
        MIIDFTCCAf2gAwIBAgIUUlfs91cvf4ogoAXQHgVw+WaOuAowDQYJKoZIhvcNAQEL
        BQAwGjEYMBYGA1UEAwwPZ2x3YXRjaCB0ZXN0IENBMB4XDTI2MTEyNTE2MTYwMFoX
        DTM2MTEyMjE2MTYwMFowGjEYMBYGA1UEAwwPZ2x3YXRjaCB0ZXN0IENBMIIBIjAN
        BgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuBqDAXeXdFm9nxlXOJqbYVlB1J1p
        c8n5ZWC/uGZXiny3Ua/BaVgF52/TZ1pNQWEbfTDeexjlhBTwlaNZOUrQUAMPoVZx
        jOFKeLJzRpGlJ+VS0jG/fXXc4CPygfkRvZQhBJfpw9vrzpgQPidJ7EOqWlKtxLrZ
        lchcs6SX9pKNIl3wEKJWIa56gYaMhdE78fuiHhIj5opzQdsKhrxPohM5WwBiVW8Y
        r0rPD0hlr7hn+Wu92aA1vrHyFwtk/k8smd/ZYIjTpVtSIriGHQoOUX2wnUFbdJ2h
        Hq7phS/vLbHWd8QsLEqsUEGIGtrW8/CJZjrwIfDAWgeUpWdAmCufYp29WQIDAQAB
        o1MwUTAdBgNVHQ4EFgQUyr3IuCHKVVG2Do4TZLL5VPX21VEwHwYDVR0jBBgwFoAU
        yr3IuCHKVVG2Do4TZLL5VPX21VEwDwYDVR0TAQH/BAUwAwEB/zANBgkqhkiG9w0B
        AQsFAAOCAQEANMorqts/TPtZ2YK6o4EGxxnapyeM8ROfLoE3adgavVp7jPc77OkQ
        WriExtxSyTiwquhrruNcA8mMcv8Ny3FaX0y8FSwyqCxlE7LLOhQ0lnOWCZhwEivD
        oX3Uf6+yjBIukktXvV5fQmpXpBcQe9QtpBkXzV7etBtPpWBDiL4ylyX2D3TC7kuN
        EzCJkSjv7/OzUzvDMAgeYi5s3cWfgnJrqaC1HqGCIfTqf+EpzD+WdWWy2Bk1+ikf
        PPAe5RS1qA+2yIjFHJNQVYYVHmG/nuSJO7IMYVNBneLaFyix2s80ayp/5x0CE2QW
        i99v4sGgrTBBH11SbDkq1ORSoK+9I68pWQ==
        -----END CERTIFICATE-----
        """
}
