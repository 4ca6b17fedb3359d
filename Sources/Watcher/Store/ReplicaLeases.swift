import Foundation

/// How glwatch replicas sharing one state database (PostgreSQL) split the work, as job queues on PostgreSQL do
/// (River, Oban, graphile-worker): leases with expiries, claimed with `SELECT … FOR UPDATE SKIP LOCKED`.
///
/// - Every replica beats a heartbeat (`heartbeat(now:)`); the live replicas divide the projects between them.
/// - Projects: a replica offers the projects its discovery found (`offerProjects(_:)`), claims unowned or
///   expired ones up to its fair share (`claimProjects(among:now:limit:)`), renews the ones it holds
///   (`renewLeases(_:now:)`) and gives back what it no longer wants (`releaseLeases(_:)`). Each claim increments
///   the lease's fencing counter; a poll's `StateChange` carries the `ProjectFence` it was computed under and is
///   refused once another replica has claimed the project.
/// - Leadership: one replica at a time holds the leader lease (`acquireLeadership(now:)`) and runs what must
///   run once (recording departures, the store sweep, reading the change feed); another takes over once it
///   expires. What the leader must hand on to its successor (where the change feed stands) it publishes as
///   notes (`publishLeaderNote(_:value:now:)`), which every replica can read (`leaderNote(_:)`).
///
/// Every lease lasts `leasePeriod` from its last claim or renewal, or until its owner's database session ends (a
/// replica that died: `PostgresStateStore.deadReplicas`), whichever comes first. All times come from the caller. The
/// implementation is `PostgresStateStore`; SQLite is one process that owns everything and has none of this.
package protocol ReplicaLeases: Sendable {
    /// This replica's name: the owner of its leases.
    var replicaID: String { get }
    /// How long a lease lasts unless renewed.
    var leasePeriod: Duration { get }
    /// Where the leases live, for errors and logs: the database's host and name, never its password.
    var location: String { get }

    /// Marks this replica live until `now + leasePeriod` (and forgets replicas dead for ten periods).
    func heartbeat(now: Date) async throws

    /// Makes `keys` claimable: a lease row for each project that has none yet (unowned, expired).
    func offerProjects(_ keys: [ProjectKey]) async throws

    /// Extends to `now + leasePeriod` each of `held` this replica still holds with the same fencing token, and
    /// returns those: a lease missing from the result was claimed by another replica (drop the project).
    func renewLeases(_ held: [ProjectFence], now: Date) async throws -> [ProjectFence]

    /// Claims leases among `keys` that nobody holds (unowned or expired), skipping rows another replica is
    /// claiming at the same moment, until this replica holds its fair share (`keys` over the live replicas,
    /// rounded up); at most `limit` in one call. Each claim increments the lease's fencing counter.
    func claimProjects(among keys: [ProjectKey], now: Date, limit: Int) async throws -> ProjectClaim

    /// Gives back this replica's leases of `keys` (they are claimable at once).
    func releaseLeases(_ keys: [ProjectKey]) async throws

    /// Takes the leader lease when it is free or expired, or renews it when this replica holds it; returns
    /// whether this replica leads until `now + leasePeriod`.
    func acquireLeadership(now: Date) async throws -> Bool

    /// Who holds the leader lease and until when unless renewed (`nil`: nobody ever took it, or the last leader
    /// stopped): a replica that does not lead tries again right when it expires, so the lead moves within one lease
    /// period of the leader's last renewal.
    func leaderLease() async throws -> LeaderLease?

    /// Writes `value` under `name` for the other replicas, stamped `now` and with this replica's id, if this replica
    /// holds the leader lease at `now`, and sends `wake` to them when that commits; returns whether it did (a
    /// replica that lost the lead writes nothing).
    func publishLeaderNote(_ name: String, value: String, now: Date, wake: ReplicaWake?) async throws -> Bool

    /// The note last published under `name`, or `nil` when none was.
    func leaderNote(_ name: String) async throws -> LeaderNote?

    /// Gives back everything this replica holds: project leases, delivery claims, the leader lease, its
    /// heartbeat. (Closing the store does it.)
    func resign() async throws
}

/// What one `ReplicaLeases.claimProjects(among:now:limit:)` got.
package struct ProjectClaim: Sendable, Hashable {
    /// The leases claimed now, with their new fencing tokens.
    package var claimed: [ProjectFence]
    /// How many projects this replica should hold: the offered projects over the live replicas, rounded up.
    package var fairShare: Int
}

/// A note the leader published for the other replicas (`ReplicaLeases.publishLeaderNote(_:value:now:)`).
package struct LeaderNote: Sendable, Hashable {
    /// What was written (JSON, by convention).
    package var value: String
    /// When, by the writer's clock.
    package var writtenAt: Date
    /// The replica that wrote it.
    package var writtenBy: String
}

/// The leader lease as it stands (`ReplicaLeases.leaderLease()`).
package struct LeaderLease: Sendable, Hashable {
    /// The replica that took it last (it may have expired since).
    package var owner: String
    /// When it expires unless renewed.
    package var expiresAt: Date
}
