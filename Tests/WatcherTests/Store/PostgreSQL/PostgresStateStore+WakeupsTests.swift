import Foundation
import Notifier
import Testing
import TestSupport

@testable import Watcher

/// The replicas' wake-ups over `LISTEN`/`NOTIFY`: sent by the transactions that queue deliveries or give leases
/// back, only when they commit, in commit order, to the other replicas (never to the sender).
@Suite(
    "PostgresStateStore: wake-ups between replicas",
    .closesStores,
    .requires(.postgreSQL)
)
struct PostgresStateStoreWakeupsTests {
    private func open(_ url: String, _ name: String) async throws -> PostgresStateStore {
        try await PostgresStateStore.openForTest(url, replicaID: name)
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

    @Test func testDeliveryAdmin_requeuesAndRedeliveries_wakeTheReplicas_andAnEmptyRequeueDoesNot() async throws {
        // Given a replica B listening, and a dead letter of event e1 queued by A
        let url = try await StoreKind.postgres.database().location
        let (a, b) = (try await open(url, "replica-a"), try await open(url, "replica-b"))
        _ = try await a.apply(Self.change("e1", deliveries: 2))
        let due = try await a.nextDue(sink: "ops0", now: Sample.time(41), limit: 1)
        let dead = try #require(due.first)
        try await a.record(DeliveryAttempt(at: Sample.time(41), outcome: .dead), forDelivery: dead.id)
        let received = Shared<[ReplicaWake]>([])
        let listening = Shared(false)
        let listener = Task {
            try await b.listen(
                listening: { listening.update { $0 = true } }, wake: { kind in received.update { $0.append(kind) } }
            )
        }
        try await eventually { listening.value }

        // When the operator (`deliveries --retry`, `--retry-all`, `replay`, from a process joining no replica)
        // requeues it, finds nothing more to requeue, kills it again and requeues all, then replays e1
        let admin = try await open(url, "admin")
        try await admin.requeueDeadLetter(dead.id, now: Sample.time(42))
        #expect(try await admin.requeueDeadLetters(sink: nil, now: Sample.time(43)) == 0)
        try await a.record(DeliveryAttempt(at: Sample.time(44), outcome: .dead), forDelivery: dead.id)
        #expect(try await admin.requeueDeadLetters(sink: nil, now: Sample.time(45)) == 1)
        _ = try await admin.redeliver(eventID: "e1", to: "ops1", now: Sample.time(46))

        // Then B's delivery workers are woken three times: not by the requeue that found nothing. (Wake-ups arrive
        // in commit order, so a marker committed after them all — A giving a lease back — ends what B can hear
        // of them: no waiting a while and hoping a stray wake-up would have come by then.)
        try await a.releaseLeases([Sample.projectB])
        try await eventually { received.value.contains(.leases) }
        #expect(received.value == [.deliveries, .deliveries, .deliveries, .leases])
        listener.cancel()
    }

    @Test func testForward_aWebhookHintReachesTheOtherReplicas_notTheSender() async throws {
        // Given replicas A and B listening on one database
        let url = try await StoreKind.postgres.database().location
        let (a, b) = (try await open(url, "replica-a"), try await open(url, "replica-b"))
        let heard = (a: Shared<[ForwardedHint]>([]), b: Shared<[ForwardedHint]>([]))
        let listening = Shared(0)
        let listeners = [(a, heard.a), (b, heard.b)].map { store, received in
            Task {
                try await store.listen(
                    listening: { listening.update { $0 += 1 } }, wake: { _ in },
                    hint: { hint in received.update { $0.append(hint) } }
                )
            }
        }
        try await eventually { listening.value == 2 }

        // When A passes on a push hook's hint (a ref with a space and quotes: GitLab's data)
        let hint = HookHint(event: "push", kind: .push, project: 42, ref: "feature/\"x y\"", refType: "branch")
        try await a.forward(ForwardedHint(hint, instance: "gitlab.example", sender: "replica-a"))

        // Then B hears it whole, and A does not hear its own
        try await eventually { !heard.b.value.isEmpty }
        #expect(heard.b.value.map(\.hint) == [hint])
        #expect(heard.b.value.map(\.instance) == ["gitlab.example"])
        #expect(heard.a.value.isEmpty)
        for listener in listeners { listener.cancel() }
    }

    @Test func testLeaderNote_publishedWithAWake_wakesTheOthers_andOnlyWhenItWasWritten() async throws {
        // Given C listening, and B leading
        let url = try await StoreKind.postgres.database().location
        let (a, b) = (try await open(url, "replica-a"), try await open(url, "replica-b"))
        let c = try await open(url, "replica-c")
        #expect(try await b.acquireLeadership(now: Sample.time(0)))
        let received = Shared<[ReplicaWake]>([])
        let listening = Shared(false)
        let listener = Task {
            try await c.listen(
                listening: { listening.update { $0 = true } }, wake: { kind in received.update { $0.append(kind) } }
            )
        }
        try await eventually { listening.value }

        // When A, which does not lead, publishes a list (refused), then B does
        #expect(try await !a.publishLeaderNote("discovery x", value: "[]", now: Sample.time(1), wake: .discovered))
        #expect(try await b.publishLeaderNote("discovery x", value: "[]", now: Sample.time(2), wake: .discovered))

        // Then C is woken once, by B's: wake-ups arrive in commit order, so by a marker committed after both
        // (A giving a lease back) C has heard whatever A's refused list would have sent
        try await a.releaseLeases([Sample.projectB])
        try await eventually { received.value.contains(.leases) }
        #expect(received.value == [.discovered, .leases])
        listener.cancel()
    }

    @Test func testForward_aReadsWorthOfFeedHints_arrivesWholeInOneTransaction() async throws {
        // Given B listening for hints
        let url = try await StoreKind.postgres.database().location
        let (a, b) = (try await open(url, "replica-a"), try await open(url, "replica-b"))
        let heard = Shared<[ForwardedHint]>([])
        let listening = Shared(false)
        let listener = Task {
            try await b.listen(
                listening: { listening.update { $0 = true } }, wake: { _ in },
                hint: { hint in heard.update { $0.append(hint) } }
            )
        }
        try await eventually { listening.value }

        // When the leader passes on the change feed's hints of one read: a branch push, a bulk push (no ref) and a
        // tag push
        let hints = [
            FeedHint(eventID: 1, project: 7, ref: "main"), FeedHint(eventID: 2, project: 8, ref: nil),
            FeedHint(eventID: 3, project: 9, ref: "v1.0", refType: "tag"),
        ]
        try await a.forward(hints.map { ForwardedHint($0, instance: "gitlab.example", sender: "replica-a") })

        // Then B hears all three in order, as the feed's (no hook is noted for them)
        try await eventually { heard.value.count == 3 }
        #expect(heard.value.map(\.project) == [7, 8, 9])
        #expect(heard.value.map(\.ref) == ["main", nil, "v1.0"])
        #expect(heard.value.map(\.refType) == ["branch", "branch", "tag"])
        #expect(heard.value.filter(\.isFeedHint).count == 3)
        listener.cancel()
    }

    @Test func testWakePayload_unknownKindsAndMalformedPayloads_areIgnored() {
        let deliveries = PostgresStateStore.wake(fromPayload: "deliveries r1/42/ab")
        #expect(deliveries?.0 == .deliveries && deliveries?.sender == "r1/42/ab")
        let leases = PostgresStateStore.wake(fromPayload: "leases host name/1/x")
        #expect(leases?.0 == .leases && leases?.sender == "host name/1/x")
        #expect(PostgresStateStore.wake(fromPayload: "tags x") == nil)
        #expect(PostgresStateStore.wake(fromPayload: "deliveries") == nil)
        #expect(PostgresStateStore.forwardedHint(fromPayload: "deliveries r1/42/ab") == nil)
        #expect(PostgresStateStore.forwardedHint(fromPayload: "hint {not json") == nil)
        #expect(PostgresStateStore.wake(fromPayload: "hint {}") == nil)
    }
}
