import FakeGitLab
import Foundation
import Logging
import MetricsTestKit
import Notifier
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// The replica metrics and readiness among replicas (`WatcherMetrics.follow(_: ReplicaCoordinator, health:)`),
/// driven by a coordinator whose database goes away and comes back (`WatchEngineLeasesTests.MemoryLeases`), in
/// virtual time.
@Suite("WatcherMetrics+Replica")
struct WatcherMetricsReplicaTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let label = [("replica", "memory")]

    /// The gauge's last value; `nil` when it was never recorded.
    private func gauge(_ recorder: TestMetrics, _ name: String) -> Double? {
        (try? recorder.expectGauge(name, label))?.lastValue
    }

    /// The lease-loss counter's total; `nil` when it was never touched.
    private func losses(_ recorder: TestMetrics) -> Int64? {
        (try? recorder.expectCounter("glwatch_replica_lease_losses_total", label))?.totalValue
    }

    @Test func testFollow_databaseGoesAwayAndComesBack_metricsAndReadinessFollow() async throws {
        // Given a replica holding both projects of its target and leading, its metrics and readiness followed
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        fake.addProject("acme/web").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let leases = WatchEngineLeasesTests.MemoryLeases()
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            let coordinator = ReplicaCoordinator(leases: leases, scheduler: scheduler, logger: logger)
            let engine = WatchEngine(
                clients: ["fake": harness.client], targets: [harness.groupTarget("acme")], store: harness.store,
                router: EventRouter(rules: []), scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
                logger: logger, random: FixedJitter(fraction: 0.5), leases: coordinator
            )
            let recorder = TestMetrics()
            let health = HealthMonitor(unhealthyAfter: 300, now: { scheduler.now })
            health.storeOpened()
            health.cycleCompleted()
            let following = WatcherMetrics(factory: recorder).follow(coordinator, health: health)
            defer { following.dispose() }
            _ = await engine.pollAllOnce()
            await coordinator.tick(engine: engine)
            #expect(gauge(recorder, "glwatch_replica_leases") == 2)
            #expect(gauge(recorder, "glwatch_replica_leader") == 1)
            #expect(gauge(recorder, "glwatch_replica_database_up") == 1)
            #expect(losses(recorder) == 0)
            #expect(health.readiness().ok)

            // When the database goes away: within the lease period the replica keeps its leases, but is not ready
            leases.failing.store(true, ordering: .sequentiallyConsistent)
            scheduler.advanceTo(20)
            await coordinator.tick(engine: engine)
            let unreachable = "cannot reach the PostgreSQL state database glwatch@db:5432/glwatch: gone"
            #expect(gauge(recorder, "glwatch_replica_database_up") == 0)
            #expect(gauge(recorder, "glwatch_replica_leases") == 2)
            #expect(health.readiness() == HealthReport(ok: false, reason: unreachable))

            // And once its leases lapsed, it holds none, leads not, and counts them lost
            scheduler.advanceTo(31)
            await coordinator.tick(engine: engine)
            #expect(gauge(recorder, "glwatch_replica_leases") == 0)
            #expect(gauge(recorder, "glwatch_replica_leader") == 0)
            #expect(losses(recorder) == 2)
            let lapsed = "this replica's leases lapsed, so it stopped polling: \(unreachable)"
            #expect(health.readiness() == HealthReport(ok: false, reason: lapsed))

            // When the database is back, it claims them again and is ready
            leases.failing.store(false, ordering: .sequentiallyConsistent)
            leases.held.withLock { $0.leases = [:] }  // they expired meanwhile
            scheduler.advanceTo(40)
            await coordinator.tick(engine: engine)
            #expect(gauge(recorder, "glwatch_replica_database_up") == 1)
            #expect(gauge(recorder, "glwatch_replica_leases") == 2)
            #expect(gauge(recorder, "glwatch_replica_leader") == 1)
            #expect(losses(recorder) == 2)
            #expect(health.readiness().ok)
            #expect(engine.watchedProjects.count == 2)
        }
    }

    @Test func testFollow_aLeaseAnotherReplicaTook_countsALoss() async throws {
        // Given a replica holding its one project, its metrics followed
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            let coordinator = ReplicaCoordinator(
                leases: WatchEngineLeasesTests.MemoryLeases(),
                scheduler: TestScheduler(initialClock: 0, simulateProcessingDelay: false), logger: logger
            )
            let engine = WatchEngine(
                clients: ["fake": harness.client], targets: [harness.groupTarget("acme")], store: harness.store,
                router: EventRouter(rules: []), scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
                logger: logger, random: FixedJitter(fraction: 0.5), leases: coordinator
            )
            let recorder = TestMetrics()
            let following = WatcherMetrics(factory: recorder).follow(coordinator)
            defer { following.dispose() }
            _ = await engine.pollAllOnce()
            await coordinator.tick(engine: engine)
            let held = try #require(coordinator.heldProjects.first.flatMap(coordinator.fence(for:)))

            // When a fence it does not hold is reported lost, then the one it holds (a poll's apply was refused)
            coordinator.lost(ProjectFence(project: held.project, token: held.token + 1))
            #expect(losses(recorder) == 0)
            coordinator.lost(held)

            // Then it counts one loss and holds nothing
            #expect(losses(recorder) == 1)
            #expect(gauge(recorder, "glwatch_replica_leases") == 0)
            #expect(coordinator.report.leaseLosses == 1)
        }
    }
}
