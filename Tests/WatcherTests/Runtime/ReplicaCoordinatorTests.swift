import FakeGitLab
import Foundation
import Logging
import MetricsTestKit
import Notifier
import PostgresNIO
import RxCore
import Testing
import TestSupport

@testable import Watcher

/// A replica whose real PostgreSQL database goes away and comes back: not ready (saying which database, never
/// its password) while its lease rounds fail, ready again once a round reaches it. The database "goes away" by
/// refusing new connections and closing the open ones (`ALLOW_CONNECTIONS false`, `pg_terminate_backend`), which
/// the rest of the test server does not notice.
@Suite(
    "ReplicaCoordinator on PostgreSQL: the database goes away and comes back",
    .closesStores,
    .requires(.postgreSQL)
)
struct ReplicaCoordinatorTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// Runs `sql` on the server's maintenance database.
    private static func admin(_ sql: String) async throws {
        let configuration = try PostgresStoreConfiguration(url: try #require(PostgresTestServer.url))
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await PostgresConnection.connect(
            configuration: try configuration.connectionConfiguration(), id: 7, logger: logger
        )
        do {
            try await connection.run(PostgresQuery(unsafeSQL: sql), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    @Test func testTheDatabaseGoesAway_notReadyNamingIt_thenReadyAgainOnceItIsBack() async throws {
        // Given a replica on its own database, holding its one project, ready
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let database = try await StoreKind.postgres.database()
            let components = try #require(URLComponents(string: database.location))
            let name = String(components.path.dropFirst())  // t_<hex>: safe in DDL
            let password = try #require(components.password)
            let configuration = try PostgresStoreConfiguration(url: database.location, replicaID: "web-1/1/abcd")
            let store = try await PostgresStateStore.open(configuration)
            StoreCleanup.add {
                try? await Self.admin("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
                await store.close()
            }
            let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
            // Rounds get 15 s of database work (by default a lease period, 30 s) so that the test waits less, yet a
            // round on a machine loaded by the rest of the suite still finishes in time
            let coordinator = ReplicaCoordinator(
                leases: store, scheduler: scheduler, logger: logger, roundDeadline: .seconds(15)
            )
            let engine = WatchEngine(
                clients: ["fake": harness.client], targets: [harness.groupTarget("acme")], store: store,
                router: EventRouter(rules: []), scheduler: scheduler, logger: logger,
                random: FixedJitter(fraction: 0.5), leases: coordinator
            )
            let health = HealthMonitor(unhealthyAfter: 300, now: { scheduler.now })
            health.storeOpened()
            health.cycleCompleted()
            let following = WatcherMetrics(factory: TestMetrics()).follow(coordinator, health: health)
            defer { following.dispose() }
            await coordinator.tick(engine: engine)
            _ = await engine.pollAllOnce()
            await coordinator.tick(engine: engine)
            #expect(health.readiness().ok)
            #expect(coordinator.report.leases == 1)

            // When the database goes away
            try await Self.admin("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
            try await Self.admin(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'"
            )
            await coordinator.tick(engine: engine)

            // Then the replica is not ready, naming the database but never the password
            let away = health.readiness()
            #expect(!away.ok)
            #expect(!coordinator.report.databaseUp)
            #expect(away.reason.contains(configuration.location), "\(away.reason)")
            #expect(!away.reason.contains(password))

            // And while it stays away, the next round fails too — at once, when reopening the replica lock's connection
            // is refused, else at the round's deadline rather than when the pool gives up (after a minute): still not
            // ready, still naming the database
            await coordinator.tick(engine: engine)
            let stillAway = health.readiness()
            #expect(!stillAway.ok)
            #expect(stillAway.reason.contains(configuration.location), "\(stillAway.reason)")
            #expect(!stillAway.reason.contains(password))

            // When the database is back, Then a round reaches it again (waiting for the pool's next attempt) and the
            // replica is ready, holding its project again
            try await Self.admin("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
            let deadline = Date().addingTimeInterval(240)
            while !coordinator.report.databaseUp, Date() < deadline {
                try await Task.sleep(for: .milliseconds(500))
                await coordinator.tick(engine: engine)
            }
            #expect(coordinator.report.databaseUp)
            #expect(health.readiness().ok)
            #expect(coordinator.report.leases == 1)
        }
    }
}
