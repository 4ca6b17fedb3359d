import FakeGitLab
import Foundation
import Logging
import RxCore
import RxCoreTest
import Synchronization
import Testing

@testable import Watcher

/// The lead moves within one lease period: a replica that does not lead runs a round right when the leader lease
/// expires, rather than at its next periodic round (up to a third of a lease period later).
@Suite(.timeLimit(.minutes(5))) struct ReplicaCoordinatorLeaderTests {
    /// Leases where another replica holds the leader lease until `expiry` and renews it no more (it died).
    final class DeadLeader: ReplicaLeases {
        let replicaID = "b"
        let leasePeriod: Duration = .seconds(30)
        let location = "glwatch@db:5432/glwatch"
        let expiry: Date
        /// When this replica tried to take the lead, and whether it got it.
        let attempts = Mutex<[(at: Date, leading: Bool)]>([])

        init(expiry: Date) { self.expiry = expiry }

        func heartbeat(now: Date) async throws {}
        func offerProjects(_ keys: [ProjectKey]) async throws {}
        func renewLeases(_ held: [ProjectFence], now: Date) async throws -> [ProjectFence] { held }
        func claimProjects(among keys: [ProjectKey], now: Date, limit: Int) async throws -> ProjectClaim {
            ProjectClaim(claimed: [], fairShare: 0)
        }
        func releaseLeases(_ keys: [ProjectKey]) async throws {}
        func acquireLeadership(now: Date) async throws -> Bool {
            let leading = now >= expiry
            attempts.withLock { $0.append((now, leading)) }
            return leading
        }
        func leaderLease() async throws -> LeaderLease? {
            attempts.withLock { $0.last?.leading == true }
                ? LeaderLease(owner: replicaID, expiresAt: expiry.addingTimeInterval(30))
                : LeaderLease(owner: "a", expiresAt: expiry)
        }
        func publishLeaderNote(_ name: String, value: String, now: Date, wake: ReplicaWake?) async throws -> Bool {
            false
        }
        func leaderNote(_ name: String) async throws -> LeaderNote? { nil }
        func resign() async throws {}
    }

    @Test func testADeadLeadersLease_isTakenWhenItExpires_notAtTheNextPeriodicRound() async throws {
        // Given a replica with 30 s leases (a round every 10 s) and a leader whose lease expires at 25 s
        let fake = FakeGitLab()
        try await EngineTestHarness.run(fake) { harness in
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let leases = DeadLeader(expiry: Date(timeIntervalSince1970: 25))
            let coordinator = ReplicaCoordinator(
                leases: leases, scheduler: scheduler,
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            )
            let engine = harness.engine(targets: [], scheduler: scheduler, leases: coordinator)
            let (rounds, round) = AsyncStream.makeStream(of: Void.self)
            let running = coordinator.start(engine: engine, afterRound: { round.yield() })
            defer { running.dispose() }
            var iterator = rounds.makeAsyncIterator()

            // When its rounds at 0, 10 and 20 s find the lead taken
            _ = await iterator.next()
            for time in [10, 20] {
                scheduler.advanceTo(time)
                _ = await iterator.next()
            }
            #expect(!coordinator.isLeader)

            // Then once the lease expired (at 25 s, before the next periodic round at 30 s) it runs a round and leads
            scheduler.advanceTo(27)
            _ = await iterator.next()
            #expect(coordinator.isLeader)
            let attempts = leases.attempts.withLock { $0 }
            #expect(attempts.count == 4)
            let taken = try #require(attempts.last?.at.timeIntervalSince1970)
            #expect(taken >= 25 && taken <= 27)
        }
    }
}
