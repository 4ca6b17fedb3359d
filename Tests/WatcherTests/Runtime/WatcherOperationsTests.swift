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

    @Test func testStart_amongReplicas_readyzAndMetricsFollowTheDatabase() async throws {
        // Given operations started with a replica coordinator whose database can go away, the first cycle done
        let config = try system.load("metrics: {listen: \"127.0.0.1:0\"}")
        let fixture = try await StatusPageFixture(extraProjects: 0)
        let scheduler = TestScheduler(initialClock: 0)
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let engine = WatchEngine(
            clients: [:], targets: [], store: fixture.store, router: EventRouter(rules: []), scheduler: scheduler,
            logger: logger
        )
        let leases = WatchEngineLeasesTests.MemoryLeases()
        let coordinator = ReplicaCoordinator(leases: leases, scheduler: scheduler, logger: logger)
        let operations = WatcherOperations(config: config, scheduler: scheduler)
        let port = try await operations.start(
            engine: engine, queries: fixture.store, scheduler: scheduler, logger: logger, replicas: coordinator
        )
        operations.health.cycleCompleted()
        let transport = try AsyncHTTPClientGitLabTransport()
        func get(_ path: String) async throws -> (status: Int, body: String) {
            let response = try await transport.execute(
                GitLabHTTPRequest(
                    method: "GET", url: URL(string: "http://127.0.0.1:\(port)\(path)")!, headers: [:],
                    timeout: .seconds(10)
                )
            )
            return (response.status, String(decoding: response.body, as: UTF8.self))
        }
        await coordinator.tick(engine: engine)
        let before = try await get("/readyz")

        // When the database goes away (a round fails), then comes back (a round succeeds)
        leases.failing.store(true, ordering: .sequentiallyConsistent)
        await coordinator.tick(engine: engine)
        let away = try await get("/readyz")
        let metricsAway = try await get("/metrics")
        leases.failing.store(false, ordering: .sequentiallyConsistent)
        await coordinator.tick(engine: engine)
        let back = try await get("/readyz")
        let metricsBack = try await get("/metrics")
        try await transport.shutdown()
        await operations.stop()

        // Then /readyz answers 200, 503 saying why (the host, no password), 200; /metrics shows the database's state
        #expect(before.status == 200)
        #expect(away.status == 503)
        // (JSON writes the slash as `\/`)
        #expect(away.body.contains(#"cannot reach the PostgreSQL state database glwatch@db:5432\/glwatch: gone"#))
        #expect(metricsAway.body.contains(#"glwatch_replica_database_up{replica="memory"} 0"#))
        #expect(back.status == 200)
        #expect(metricsBack.body.contains(#"glwatch_replica_database_up{replica="memory"} 1"#))
        #expect(metricsBack.body.contains(#"glwatch_replica_leader{replica="memory"} 1"#))
    }
}
