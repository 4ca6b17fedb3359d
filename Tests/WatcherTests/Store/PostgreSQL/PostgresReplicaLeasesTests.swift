import Foundation
import Notifier
import Testing
import TestSupport

@testable import Watcher

/// Replicas sharing one PostgreSQL database: project leases (claim, renew, expiry, fair share, fencing), delivery
/// claims and the leader lease, against a real server. Times are the caller's (`Sample.time`); the lease period
/// is 30 s and a delivery claim 120 s unless a test says otherwise.
@Suite(
    "PostgresStateStore: replica leases, fencing, delivery claims, leadership",
    .closesStores,
    .requires(.postgreSQL)
)
struct PostgresReplicaLeasesTests {
    /// Opens replica `name` on `url`; closed when the test ends.
    private func open(_ url: String, _ name: String) async throws -> PostgresStateStore {
        try await PostgresStateStore.openForTest(url, replicaID: name)
    }

    /// Two replicas on a fresh database.
    private func twoReplicas() async throws -> (PostgresStateStore, PostgresStateStore) {
        let url = try await StoreKind.postgres.database().location
        return (try await open(url, "replica-a"), try await open(url, "replica-b"))
    }

    private static func keys(_ count: Int) -> [ProjectKey] {
        (1...count).map { ProjectKey(instance: "gitlab.example.com", id: Int64($0)) }
    }

    // MARK: Project leases

    @Test func testClaim_twoLiveReplicas_eachClaimsItsFairShareAndNoProjectTwice() async throws {
        // Given two live replicas and ten offered projects
        let (a, b) = try await twoReplicas()
        let keys = Self.keys(10)
        try await a.heartbeat(now: Sample.time(0))
        try await b.heartbeat(now: Sample.time(0))
        try await a.offerProjects(keys)
        try await b.offerProjects(keys)

        // When both claim (again and again)
        let claimedByA = try await a.claimProjects(among: keys, now: Sample.time(1), limit: 100)
        let claimedByB = try await b.claimProjects(among: keys, now: Sample.time(1), limit: 100)
        let againByA = try await a.claimProjects(among: keys, now: Sample.time(2), limit: 100)

        // Then each holds half, the halves are disjoint, and a replica at its share claims no more
        #expect(claimedByA.fairShare == 5 && claimedByA.claimed.count == 5)
        #expect(claimedByB.claimed.count == 5)
        #expect(Set(claimedByA.claimed.map(\.project)).isDisjoint(with: claimedByB.claimed.map(\.project)))
        #expect(againByA.claimed.isEmpty)
    }

    @Test func testClaim_concurrently_neverHandsOneProjectToTwoReplicas() async throws {
        // Given three replicas (one store each) and 60 offered projects
        let url = try await StoreKind.postgres.database().location
        let replicas = [try await open(url, "r1"), try await open(url, "r2"), try await open(url, "r3")]
        let keys = Self.keys(60)
        for replica in replicas { try await replica.heartbeat(now: Sample.time(0)) }
        try await replicas[0].offerProjects(keys)

        // When they claim at the same moment, a few projects per call, until nothing is left
        let claims = try await withThrowingTaskGroup(of: [ProjectFence].self) { group in
            for replica in replicas {
                group.addTask {
                    var claimed: [ProjectFence] = []
                    for round in 0..<10 {
                        claimed += try await replica.claimProjects(
                            among: keys, now: Sample.time(1 + Double(round) / 10), limit: 3
                        ).claimed
                    }
                    return claimed
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // Then every project went to exactly one replica
        let all = claims.flatMap { $0.map(\.project) }
        #expect(all.count == 60)
        #expect(Set(all) == Set(keys))
    }

    @Test func testRenew_beforeExpiry_keepsTheLeaseFromOthers() async throws {
        // Given replica A holding two projects, B live too
        let (a, b) = try await twoReplicas()
        let keys = Self.keys(2)
        try await a.heartbeat(now: Sample.time(0))
        try await a.offerProjects(keys)
        let held = try await a.claimProjects(among: keys, now: Sample.time(0), limit: 10).claimed
        #expect(held.count == 2)

        // When A renews at 20 s (before its 30 s expiry), and B tries to claim at 40 s (before the renewed 50 s)
        let renewed = try await a.renewLeases(held, now: Sample.time(20))
        try await b.heartbeat(now: Sample.time(40))
        let byB = try await b.claimProjects(among: keys, now: Sample.time(40), limit: 10)

        // Then A keeps both with the same tokens, and B gets nothing
        #expect(renewed == held)
        #expect(byB.claimed.isEmpty)
    }

    @Test func testExpiry_anotherReplicaClaimsWithANewFenceAndTheOldHolderLosesIt() async throws {
        // Given replica A holding a project since 0 s (lease until 30 s) and never renewing
        let (a, b) = try await twoReplicas()
        let keys = [Sample.projectA]
        try await a.offerProjects(keys)
        let old = try #require(try await a.claimProjects(among: keys, now: Sample.time(0), limit: 1).claimed.first)

        // When B claims after the expiry
        let new = try #require(try await b.claimProjects(among: keys, now: Sample.time(31), limit: 1).claimed.first)

        // Then B holds it under a higher fencing token, and A's renewal finds it gone
        #expect(new.project == Sample.projectA && new.token > old.token)
        #expect(try await a.renewLeases([old], now: Sample.time(32)).isEmpty)
    }

    @Test func testApply_staleFence_isRefusedAndWritesNothing() async throws {
        // Given A's lease of project A, expired and claimed by B
        let (a, b) = try await twoReplicas()
        try await a.offerProjects([Sample.projectA])
        let stale = try #require(
            try await a.claimProjects(among: [Sample.projectA], now: Sample.time(0), limit: 1).claimed.first
        )
        let current = try #require(
            try await b.claimProjects(among: [Sample.projectA], now: Sample.time(31), limit: 1).claimed.first
        )

        // When A applies a poll outcome computed under its old lease
        var change = StateChange(
            at: Sample.time(32), projects: [Sample.record(Sample.projectA)],
            events: [PlannedEvent(event: Sample.event("e-stale"), deliveries: [])], fence: stale
        )
        await #expect(throws: StateStoreError.leaseLost(project: Sample.projectA)) { try await a.apply(change) }

        // Then nothing of it was written; B's apply under the current fence commits
        #expect(try await b.count("SELECT COUNT(*) FROM project") == 0)
        #expect(try await b.count("SELECT COUNT(*) FROM event") == 0)
        change.fence = current
        change.events = [PlannedEvent(event: Sample.event("e-current"), deliveries: [])]
        _ = try await b.apply(change)
        #expect(try await b.count("SELECT COUNT(*) FROM event") == 1)
        // And a fence is checked against its replica too: B's token in A's hands is refused
        await #expect(throws: StateStoreError.leaseLost(project: Sample.projectA)) { try await a.apply(change) }
    }

    @Test func testRelease_andClose_makeLeasesClaimableAtOnce() async throws {
        // Given A holding four projects
        let (a, b) = try await twoReplicas()
        let keys = Self.keys(4)
        try await a.offerProjects(keys)
        _ = try await a.claimProjects(among: keys, now: Sample.time(0), limit: 10)

        // When it releases two, B can claim those two at once (long before the 30 s expiry)
        try await a.releaseLeases(Array(keys.prefix(2)))
        let first = try await b.claimProjects(among: keys, now: Sample.time(1), limit: 10).claimed.map(\.project)
        #expect(first == Array(keys.prefix(2)))

        // And when A closes, B claims the rest at once
        await a.close()
        let rest = try await b.claimProjects(among: keys, now: Sample.time(2), limit: 10).claimed.map(\.project)
        #expect(rest == Array(keys.suffix(2)))
    }

    @Test func testClaim_deadReplicasHeartbeatExpired_survivorsShareEverything() async throws {
        // Given two replicas that beat at 0 s; B then dies (no more heartbeats)
        let (a, b) = try await twoReplicas()
        let keys = Self.keys(6)
        try await a.offerProjects(keys)
        try await a.heartbeat(now: Sample.time(0))
        try await b.heartbeat(now: Sample.time(0))
        let first = try await a.claimProjects(among: keys, now: Sample.time(0), limit: 10)
        #expect(first.fairShare == 3 && first.claimed.count == 3)
        _ = try await a.renewLeases(first.claimed, now: Sample.time(20))

        // When A claims after B's heartbeat expired (its own leases renewed)
        try await a.heartbeat(now: Sample.time(31))
        let claim = try await a.claimProjects(among: keys, now: Sample.time(31), limit: 10)

        // Then its fair share is everything
        #expect(claim.fairShare == 6)
        #expect(claim.claimed.count == 3)
    }

    /// Issue 36: a replica that dies takes its database session with it; the others take its projects and the lead
    /// at their next round instead of waiting a lease period (30 s here) for its leases to expire.
    @Test func testClaim_aReplicaWhoseSessionEnded_losesItsLeasesAndTheLead_atOnce() async throws {
        // Given A and B beating at 0 s, A holding half of six projects and the leader lease until 30 s
        let (a, b) = try await twoReplicas()
        let keys = Self.keys(6)
        try await a.offerProjects(keys)
        try await a.heartbeat(now: Sample.time(0))
        try await b.heartbeat(now: Sample.time(0))
        #expect(try await a.claimProjects(among: keys, now: Sample.time(0), limit: 10).claimed.count == 3)
        #expect(try await a.acquireLeadership(now: Sample.time(0)))
        #expect(try await b.claimProjects(among: keys, now: Sample.time(1), limit: 10).claimed.count == 3)
        #expect(try await !b.acquireLeadership(now: Sample.time(1)))

        // When A's process dies: PostgreSQL ends its session (here, A's lock connection is terminated)
        let pid = try #require(a.heartbeatSession?.pid)
        _ = try await b.count("SELECT COUNT(*) FROM (SELECT pg_terminate_backend(\(pid))) t")
        var waited = 0
        while try await b.count("SELECT COUNT(*) FROM pg_stat_activity WHERE pid = \(pid)") > 0, waited < 200 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }

        // Then two seconds later, long before A's leases expire, B counts itself alone, claims A's three projects
        // and takes the lead
        let claim = try await b.claimProjects(among: keys, now: Sample.time(2), limit: 10)
        #expect(claim.fairShare == 6)
        #expect(claim.claimed.count == 3)
        #expect(try await b.acquireLeadership(now: Sample.time(2)))
    }

    @Test func testHeartbeat_afterTheLockConnectionDropped_opensItAgain_soTheReplicaIsNotTakenForDead() async throws {
        // Given A, whose lock connection the server dropped though A lives on
        let (a, b) = try await twoReplicas()
        let keys = Self.keys(6)
        try await a.offerProjects(keys)
        let old = try #require(a.heartbeatSession)
        _ = try await b.count("SELECT COUNT(*) FROM (SELECT pg_terminate_backend(\(old.pid))) t")
        var waited = 0
        while a.heartbeatSession != nil, waited < 200 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        #expect(a.heartbeatSession == nil, "the dropped connection was not noticed")

        // When A beats, and claims its half
        try await a.heartbeat(now: Sample.time(0))
        try await b.heartbeat(now: Sample.time(0))
        #expect(try await a.claimProjects(among: keys, now: Sample.time(0), limit: 10).claimed.count == 3)

        // Then A has a session again (a new one), and B takes only its own share
        let renewed = try #require(a.heartbeatSession)
        #expect(renewed != old)
        #expect(try await b.claimProjects(among: keys, now: Sample.time(1), limit: 10).claimed.count == 3)
        #expect(try await b.claimProjects(among: keys, now: Sample.time(2), limit: 10).claimed.isEmpty)
    }

    // MARK: Leadership

    @Test func testLeadership_oneLeaderAtATime_anotherTakesOverOnExpiry() async throws {
        let (a, b) = try await twoReplicas()
        // Given A takes the leader lease at 0 s (nobody held it), for a lease period
        #expect(try await a.leaderLease() == nil)
        #expect(try await a.acquireLeadership(now: Sample.time(0)))
        #expect(try await b.leaderLease() == LeaderLease(owner: "replica-a", expiresAt: Sample.time(30)))
        // Then B cannot while it holds (and renews) it
        #expect(try await !b.acquireLeadership(now: Sample.time(10)))
        #expect(try await a.acquireLeadership(now: Sample.time(20)))
        #expect(try await !b.acquireLeadership(now: Sample.time(49)))
        // When A stops renewing, B takes over once the lease (until 50 s) expired, and A no longer leads
        #expect(try await b.acquireLeadership(now: Sample.time(51)))
        #expect(try await !a.acquireLeadership(now: Sample.time(52)))
        // And when B closes, A leads at once
        await b.close()
        #expect(try await a.acquireLeadership(now: Sample.time(53)))
    }

    @Test func testLeaderNotes_onlyTheLeaderPublishes_andEveryReplicaReadsTheLatest() async throws {
        let (a, b) = try await twoReplicas()
        // Given A leads from 0 s (until 30 s), and nothing was published yet
        #expect(try await a.acquireLeadership(now: Sample.time(0)))
        #expect(try await b.leaderNote("feed gitlab.com") == nil)

        // When A publishes a note, and B, which does not lead, tries to
        let value = #"{"x":"\u0000'\""}"#
        #expect(try await a.publishLeaderNote("feed gitlab.com", value: value, now: Sample.time(5), wake: nil))
        #expect(try await !b.publishLeaderNote("feed gitlab.com", value: "{}", now: Sample.time(6), wake: nil))

        // Then both read A's, stamped with its time and id
        let note = LeaderNote(value: value, writtenAt: Sample.time(5), writtenBy: "replica-a")
        #expect(try await b.leaderNote("feed gitlab.com") == note)
        #expect(try await a.leaderNote("feed gitlab.com") == note)

        // And once A's lease expired (30 s) it can publish no more, even before another replica leads
        #expect(try await !a.publishLeaderNote("feed gitlab.com", value: "{}", now: Sample.time(31), wake: nil))
        // While B, leading now, replaces the note
        #expect(try await b.acquireLeadership(now: Sample.time(32)))
        #expect(try await b.publishLeaderNote("feed gitlab.com", value: "{}", now: Sample.time(33), wake: nil))
        #expect(try await a.leaderNote("feed gitlab.com")?.writtenBy == "replica-b")
    }

    // MARK: Delivery claims

    /// A change on `store` queuing one delivery to `ops` per event id.
    private func queue(_ ids: [String], on store: PostgresStateStore) async throws {
        _ = try await store.apply(Sample.change(events: ids.map { Sample.event($0) }))
    }

    @Test func testNextDue_aDeliveryInFlightOnOneReplica_isNotHandedToAnother() async throws {
        // Given one queued delivery
        let (a, b) = try await twoReplicas()
        try await queue(["e1"], on: a)

        // When A takes it, B asks for due deliveries
        let byA = try await a.nextDue(sink: "ops", now: Sample.time(10), limit: 10)
        let byB = try await b.nextDue(sink: "ops", now: Sample.time(10), limit: 10)

        // Then only A has it, and B's next look is not before A's claim expires
        #expect(byA.map(\.event.id) == ["e1"])
        #expect(byB.isEmpty)
        #expect(try await b.nextDueDate(sink: "ops") == Sample.time(130))
        // And B cannot record an attempt on it; A can
        let id = try #require(byA.first?.id)
        await #expect(throws: StateStoreError.deliveryClaimLost(id: id)) {
            try await b.record(DeliveryAttempt(at: Sample.time(11), outcome: .delivered), forDelivery: id)
        }
        try await a.record(DeliveryAttempt(at: Sample.time(11), outcome: .delivered), forDelivery: id)
        #expect(try await b.count("SELECT COUNT(*) FROM delivery WHERE state = 'delivered'") == 1)
    }

    @Test func testNextDue_theClaimantDied_anotherReplicaSendsItAfterTheClaimExpires() async throws {
        // Given a delivery A claimed at 10 s and never recorded (A was killed)
        let (a, b) = try await twoReplicas()
        try await queue(["e1"], on: a)
        _ = try await a.nextDue(sink: "ops", now: Sample.time(10), limit: 10)

        // When B asks before and after the claim's 120 s
        let before = try await b.nextDue(sink: "ops", now: Sample.time(129), limit: 10)
        let after = try await b.nextDue(sink: "ops", now: Sample.time(131), limit: 10)

        // Then B gets it only after, and then A may no longer record it
        #expect(before.isEmpty)
        #expect(after.map(\.event.id) == ["e1"])
        let id = try #require(after.first?.id)
        await #expect(throws: StateStoreError.deliveryClaimLost(id: id)) {
            try await a.record(DeliveryAttempt(at: Sample.time(132), outcome: .delivered), forDelivery: id)
        }
    }

    @Test func testNextDue_concurrently_handsEachDeliveryToOneReplica() async throws {
        // Given 40 deliveries of 40 projects (each its own head of line)
        let (a, b) = try await twoReplicas()
        let keys = Self.keys(40)
        _ = try await a.apply(
            StateChange(
                at: Sample.time(0), projects: keys.map { Sample.record($0) },
                events: keys.map { key in
                    PlannedEvent(
                        event: Sample.event("e\(key.id)", project: key),
                        deliveries: [PlannedDelivery(sink: "ops", rule: "r", notBefore: Sample.time(0))]
                    )
                }
            )
        )

        // When both replicas work the queue at the same moment, as sink workers do: take a few, record each as
        // delivered, until nothing is due
        let taken = try await withThrowingTaskGroup(of: Set<Int64>.self) { group in
            for replica in [a, b] {
                group.addTask {
                    var ids = Set<Int64>()
                    while true {
                        let due = try await replica.nextDue(sink: "ops", now: Sample.time(1), limit: 5)
                        if due.isEmpty { return ids }
                        for delivery in due {
                            try await replica.record(
                                DeliveryAttempt(at: Sample.time(2), outcome: .delivered), forDelivery: delivery.id
                            )
                            ids.insert(delivery.id)
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // Then every delivery was sent, each by one replica only
        #expect(taken[0].isDisjoint(with: taken[1]))
        #expect(taken[0].count + taken[1].count == 40)
        #expect(try await a.count("SELECT COUNT(*) FROM deliveryAttempt") == 40)
    }

    @Test func testNextDue_theHeadInFlightElsewhere_holdsBackItsProjectsLaterDeliveries() async throws {
        // Given two deliveries of one project, the first taken by A
        let (a, b) = try await twoReplicas()
        try await queue(["e1", "e2"], on: a)
        #expect(try await a.nextDue(sink: "ops", now: Sample.time(10), limit: 1).map(\.event.id) == ["e1"])

        // When B asks, then it gets neither (the second must not overtake the first)
        #expect(try await b.nextDue(sink: "ops", now: Sample.time(10), limit: 10).isEmpty)
    }
}
