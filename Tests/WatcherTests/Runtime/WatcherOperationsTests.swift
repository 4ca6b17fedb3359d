import Foundation
import Logging
import Notifier
import RxCore
import RxCoreTest
import Synchronization
import Testing

@testable import Watcher

@Suite("WatcherOperations")
struct WatcherOperationsTests {
    let system = FakeConfigSystem()

    @Test func testUnhealthyAfter_fromTheConfig_whenGiven() throws {
        let config = try system.load("watch: [a/b]\nmetrics: {enabled: true, unhealthy_after: 20m}")

        let operations = WatcherOperations(config: config, scheduler: TestScheduler(initialClock: 0))

        #expect(operations.health.unhealthyAfter == 1200)
    }

    @Test func testUnhealthyAfter_derivedFromTheSlowestCeiling_whenNotGiven() throws {
        let config = try system.load("watch: [{project: a/b, interval: 1m, max_interval: 1h}]\nmetrics: {enabled: true}")

        let operations = WatcherOperations(config: config, scheduler: TestScheduler(initialClock: 0))

        #expect(operations.health.unhealthyAfter == 3 * 3600)
    }

    @Test func testUnhealthyAfter_belowOneSecond_isAConfigError() throws {
        #expect(throws: ConfigError.self) { try system.load("metrics: {unhealthy_after: 0s}") }
    }

    /// Counts calls.
    private final class Calls: Sendable {
        let count = Mutex(0)
    }

    @Test func testStart_givesTheStatusPageTheEngineTheBreakersAndTheAdmin() async throws {
        // Given a config with the listener and an admin token, a store with a dead letter, an engine and breakers
        let system = FakeConfigSystem(variables: ["ADMIN": "0123456789abcdef0123"])
        let config = try system.load("metrics: {listen: \"127.0.0.1:0\", admin_token_env: ADMIN}")
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let dead = try #require(try await fixture.store.deliveries(DeliveryFilter(sink: "ops", states: [.dead])).first)
        let scheduler = TestScheduler(initialClock: 0)
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let engine = WatchEngine(
            clients: [:], targets: [], store: fixture.store, router: EventRouter(rules: []), scheduler: scheduler,
            logger: logger
        )
        let woken = Calls()
        let operations = WatcherOperations(config: config, scheduler: scheduler)

        // When the operations start, and a script reads the page's API and retries the dead letter
        let port = try await operations.start(
            engine: engine, queries: fixture.store, scheduler: scheduler, logger: logger,
            breakers: FakeBreakers(states: ["ops": .closed(failures: 1)]),
            requeued: { woken.count.withLock { $0 += 1 } }
        )
        let transport = try AsyncHTTPClientGitLabTransport()
        func send(_ method: String, _ path: String) async throws -> GitLabHTTPResponse {
            try await transport.execute(
                GitLabHTTPRequest(
                    method: method, url: URL(string: "http://127.0.0.1:\(port)\(path)")!,
                    headers: ["Authorization": "Bearer 0123456789abcdef0123"], timeout: .seconds(10)
                )
            )
        }
        let overview = try await send("GET", "/api/v1/overview")
        let deliveries = try await send("GET", "/api/v1/deliveries?sink=ops")
        let retried = try await send("POST", "/api/v1/deliveries/\(dead.id)/retry")
        try await transport.shutdown()
        await operations.stop()

        // Then the page has the engine's instances (none here), the sink's breaker, and re-queues, waking delivery
        let object = try JSONSerialization.jsonObject(with: Data(overview.body)) as? [String: Any]
        #expect((object?["instances"] as? [Any])?.isEmpty == true)
        #expect(String(decoding: deliveries.body, as: UTF8.self).contains(#""breaker":{"failures":1,"state":"closed"}"#))
        #expect(retried.status == 200)
        #expect(woken.count.withLock { $0 } == 1)
        #expect(try await fixture.store.deliveries(DeliveryFilter(sink: "ops")).map(\.id) == [dead.id])
    }
}
