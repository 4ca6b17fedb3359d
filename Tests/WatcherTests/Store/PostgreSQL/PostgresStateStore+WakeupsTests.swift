import Foundation
import Notifier
import Testing

@testable import Watcher

/// The replicas' wake-ups over `LISTEN`/`NOTIFY`: sent by the transactions that queue deliveries or give leases
/// back, only when they commit, in commit order, to the other replicas (never to the sender).
@Suite(
    "PostgresStateStore: wake-ups between replicas",
    .closesStores,
    .enabled(if: PostgresTestServer.url != nil, "no PostgreSQL server: \(PostgresTestServer.unavailableReason ?? "")")
)
struct PostgresStateStoreWakeupsTests {
    private func open(_ url: String, _ name: String) async throws -> PostgresStateStore {
        let store = try await PostgresStateStore.open(try PostgresStoreConfiguration(url: url, replicaID: name))
        StoreCleanup.add { await store.close() }
        return store
    }

    private static func change(_ id: String, deliveries: Int, fence: ProjectFence? = nil) -> StateChange {
        StateChange(
            at: Sample.time(40), projects: [Sample.record(Sample.projectA)],
            events: [
                PlannedEvent(
                    event: Sample.event(id),
                    deliveries: (0..<deliveries).map {
                        PlannedDelivery(sink: "ops\($0)", rule: "r", notBefore: Sample.time(40))
                    }
                )
            ],
            fence: fence
        )
    }

    @Test func testWakeups_onlyCommittedWorkWakes_inCommitOrder_andNeverTheSender() async throws {
        // Given replica B listening, and a lease of project A that A held first and B holds now
        let url = try await StoreKind.postgres.database().location
        let (a, b) = (try await open(url, "replica-a"), try await open(url, "replica-b"))
        try await a.offerProjects([Sample.projectA])
        let stale = try #require(
            try await a.claimProjects(among: [Sample.projectA], now: Sample.time(0), limit: 1).claimed.first
        )
        let current = try #require(
            try await b.claimProjects(among: [Sample.projectA], now: Sample.time(31), limit: 1).claimed.first
        )
        let received = Shared<[ReplicaWake]>([])
        let listening = Shared(false)
        let listener = Task {
            try await b.listen(
                listening: { listening.update { $0 = true } },
                wake: { kind in received.update { $0.append(kind) } }
            )
        }
        try await eventually { listening.value }

        // When A's apply under the stale fence is rolled back, A commits a poll without deliveries, gives a lease
        // back, commits deliveries, B commits deliveries of its own, and A closes
        await #expect(throws: StateStoreError.leaseLost(project: Sample.projectA)) {
            try await a.apply(Self.change("e-stale", deliveries: 2, fence: stale))
        }
        _ = try await a.apply(Self.change("e-quiet", deliveries: 0))
        try await a.releaseLeases([Sample.projectB])
        _ = try await a.apply(Self.change("e-a", deliveries: 2))
        _ = try await b.apply(Self.change("e-b", deliveries: 1, fence: current))
        await a.close()

        // Then B heard the three commits of A that others may act on, in order, once each: not the rollback,
        // not the quiet poll, not its own deliveries
        try await eventually { received.value.count >= 3 }
        #expect(received.value == [.leases, .deliveries, .leases])

        // And cancelling the listener ends it
        listener.cancel()
        try await listener.value
    }

    @Test func testWakePayload_unknownKindsAndMalformedPayloads_areIgnored() {
        let deliveries = PostgresStateStore.wake(fromPayload: "deliveries r1/42/ab")
        #expect(deliveries?.0 == .deliveries && deliveries?.sender == "r1/42/ab")
        let leases = PostgresStateStore.wake(fromPayload: "leases host name/1/x")
        #expect(leases?.0 == .leases && leases?.sender == "host name/1/x")
        #expect(PostgresStateStore.wake(fromPayload: "tags x") == nil)
        #expect(PostgresStateStore.wake(fromPayload: "deliveries") == nil)
    }
}
