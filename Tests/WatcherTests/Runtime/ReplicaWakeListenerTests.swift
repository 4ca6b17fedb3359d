import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Testing
import TestSupport

@testable import Watcher

/// One replica hearing the others (`ReplicaWakeListener` over the PostgreSQL store): deliveries another replica
/// commits wake this one's delivery worker, leases another gives back wake its claim round, and a dropped
/// listening connection is listened on again. The periodic rounds are an hour apart here (lease period 3 h), and
/// each replica's wake-up path is armed only once it is idle, so only a wake-up can explain what it does next.
@Suite(
    "ReplicaWakeListener: replicas wake one another on PostgreSQL",
    .closesStores,
    .requires(.postgreSQL)
)
struct ReplicaWakeListenerTests {
    private let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    private let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)

    /// Opens replica `name` on `url` with a 3-hour lease period; closed when the test ends.
    private func open(_ url: String, _ name: String) async throws -> PostgresStateStore {
        try await PostgresStateStore.openForTest(url, replicaID: name, leasePeriod: .seconds(3 * 3600))
    }

    /// A change queuing one delivery to sink `ops` for event `id` of project A, due at once.
    private static func queued(_ id: String) -> StateChange {
        let now = Date()
        return StateChange(
            at: now, projects: [Sample.record(Sample.projectA)],
            events: [
                PlannedEvent(
                    event: Sample.event(id), deliveries: [PlannedDelivery(sink: "ops", rule: "r", notBefore: now)]
                )
            ]
        )
    }

    /// Replica B's delivery side: a worker for sink `ops` on `store`, and a listener that wakes it once `armed`.
    private final class DeliverySide: Sendable {
        let listener: ReplicaWakeListener
        let armed = Shared(false)
        let passes: Shared<Int>
        /// How many times it listened again after its connection dropped (`heardAgain`).
        let heardAgain = Shared(0)
        private let running = Shared<[any Disposable]>([])
        private let service: DeliveryService

        init(store: PostgresStateStore, scheduler: any SchedulerType, logger: Logger) {
            listener = ReplicaWakeListener(
                wakeups: store, scheduler: scheduler, logger: logger, retry: .milliseconds(100)
            )
            let passes = Shared(0)
            self.passes = passes
            service = DeliveryService(
                sinks: [NullSink()], queue: store, scheduler: scheduler, logger: logger,
                onPass: { _ in passes.update { $0 += 1 } }
            )
        }

        /// Starts listening, then (once it listens) the worker, and returns once the worker sleeps with nothing to do.
        func start() async throws {
            let (service, armed, heardAgain) = (self.service, self.armed, self.heardAgain)
            let listening = listener.start(
                deliveries: { if armed.value { service.wake() } }, leases: {},
                heardAgain: { heardAgain.update { $0 += 1 } }
            )
            try await eventually { listener.listens == 1 }
            let task = Task { await service.run() }
            running.update { $0 = [listening, Disposables.create { task.cancel() }] }
            try await eventually { passes.value >= 1 }
        }

        func stop() {
            for disposable in running.value { disposable.dispose() }
        }
    }

    @Test func testDeliveryCommittedByAnotherReplica_wakesThisReplicasWorker() async throws {
        // Given replicas A (no delivery worker) and B (its worker idle, nothing queued, next round in an hour)
        let url = try await StoreKind.postgres.database().location
        let (a, b) = (try await open(url, "replica-a"), try await open(url, "replica-b"))
        let side = DeliverySide(store: b, scheduler: scheduler, logger: logger)
        try await side.start()
        defer { side.stop() }
        side.armed.update { $0 = true }

        // When A commits a poll that queues a delivery
        _ = try await a.apply(Self.queued("e1"))

        // Then B's worker, woken by A's notification, takes it and records its attempt
        try await eventually { side.listener.wakes(.deliveries) >= 1 }
        try await eventually { try await b.count("SELECT COUNT(*) FROM deliveryAttempt") >= 1 }
    }

    @Test func testListeningConnectionTerminated_listensAgain_andWakesUpsArriveAgain() async throws {
        // Given B listening and idle
        let url = try await StoreKind.postgres.database().location
        let (a, b) = (try await open(url, "replica-a"), try await open(url, "replica-b"))
        let side = DeliverySide(store: b, scheduler: scheduler, logger: logger)
        try await side.start()
        defer { side.stop() }

        // When the server terminates its listening connection
        let terminated = try await a.count(
            """
            SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND query LIKE 'LISTEN %') t
            """
        )
        #expect(terminated == 1)
        #expect(side.heardAgain.value == 0)

        // Then B listens again, says so once (the runtime then polls the projects the leader's feed covers: hints
        // passed on meanwhile were lost), and a delivery A commits after that wakes B's worker
        try await eventually { side.listener.listens == 2 }
        try await eventually { side.heardAgain.value == 1 }
        side.armed.update { $0 = true }
        _ = try await a.apply(Self.queued("e1"))
        try await eventually { try await b.count("SELECT COUNT(*) FROM deliveryAttempt") >= 1 }
    }

    @Test func testLeasesGivenBack_areClaimedByTheOtherReplicaWithoutWaitingForItsRound() async throws {
        // Given replica A holding both projects of the watched group
        let fake = FakeGitLab()
        let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
        fake.addProject("acme/api").commits(1, by: [ann])
        fake.addProject("acme/web").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let url = try await StoreKind.postgres.database().location
            let (a, b) = (try await open(url, "replica-a"), try await open(url, "replica-b"))
            let coordinatorA = ReplicaCoordinator(leases: a, scheduler: scheduler, logger: logger)
            let engineA = engine(harness, leases: coordinatorA, store: a)
            await coordinatorA.tick(engine: engineA)
            _ = await engineA.pollAllOnce()
            await coordinatorA.tick(engine: engineA)
            #expect(coordinatorA.heldProjects.count == 2)

            // And replica B started (it discovered both, holds neither), listening, its first round done, its
            // next one an hour away
            let coordinatorB = ReplicaCoordinator(leases: b, scheduler: scheduler, logger: logger)
            let engineB = engine(harness, leases: coordinatorB, store: b)
            _ = await engineB.pollAllOnce()
            let armed = Shared(false)
            let listener = ReplicaWakeListener(wakeups: b, scheduler: scheduler, logger: logger)
            let listening = listener.start(
                deliveries: {}, leases: { if armed.value { coordinatorB.wake() } }
            )
            defer { listening.dispose() }
            try await eventually { listener.listens == 1 }
            let rounds = Shared(0)
            let running = coordinatorB.start(engine: engineB, afterRound: { rounds.update { $0 += 1 } })
            defer { running.dispose() }
            try await eventually { rounds.value >= 1 }
            #expect(coordinatorB.heldProjects.isEmpty)
            armed.update { $0 = true }

            // When A's next round finds it above its share (B is live) and gives one project back
            await coordinatorA.tick(engine: engineA)
            #expect(coordinatorA.heldProjects.count == 1)

            // Then B claims it at once
            try await eventually { coordinatorB.heldProjects.count == 1 }

            // And when A stops (its store gives everything back), B claims the other one too
            await a.close()
            try await eventually { coordinatorB.heldProjects.count == 2 }
        }
    }

    private func engine(_ harness: EngineTestHarness, leases: ReplicaCoordinator, store: PostgresStateStore)
        -> WatchEngine
    {
        WatchEngine(
            clients: ["fake": harness.client],
            targets: [harness.groupTarget("acme")],
            store: store,
            router: EventRouter(rules: []),
            scheduler: scheduler,
            logger: logger,
            random: FixedJitter(fraction: 0.5),
            leases: leases
        )
    }
}

/// A sink that accepts every message.
private struct NullSink: Sink {
    var name: String { "ops" }

    func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        SinkMessage(id: batch.id, sink: name, destination: .output, body: Data())
    }

    func send(_ message: SinkMessage) async -> SendResult { .delivered(httpStatus: 200) }
}
