import Foundation

/// How the replicas sharing a PostgreSQL state split the work right now, as `glwatch status` shows it: the live
/// replicas and the project leases each holds, the leader lease, and the projects no replica holds.
struct ReplicaOverview: Sendable, Equatable {
    /// One replica whose heartbeat has not expired.
    struct Replica: Sendable, Equatable {
        /// Its id (`host/pid/suffix`, see `PostgresStoreConfiguration.makeReplicaID()`).
        var id: String
        /// When it first beat its heartbeat.
        var startedAt: Date
        /// Until when its last heartbeat keeps it live (its last heartbeat plus its lease period).
        var expiresAt: Date
        /// The project leases it holds (not expired).
        var leases: Int
    }

    /// The leader lease's row.
    struct Leader: Sendable, Equatable {
        /// The replica that holds (or last held) it.
        var owner: String
        /// Until when; a past time means nobody leads until a replica's next round takes it.
        var expiresAt: Date
    }

    /// A project whose lease no replica holds: waiting for the next round of a replica below its fair share.
    struct WaitingLease: Sendable, Equatable {
        /// The project.
        var project: ProjectKey
        /// Its path, once a poll recorded the project.
        var path: String?
        /// The replica whose lease on it expired; `nil` when it was given back (or never claimed).
        var expiredOwner: String?
        /// When that lease expired.
        var expiredAt: Date?
    }

    /// A note the leader published (`ReplicaLeases.publishLeaderNote`), without its value; `status --json` shows
    /// it as it is.
    struct Published: Codable, Sendable, Equatable {
        /// Its name (`feed <instance>`, `feed scope <instance>`, `discovery <instance> <target>`).
        var name: String
        /// When it was last written, by the writer's clock.
        var writtenAt: Date
        /// The replica that wrote it.
        var writtenBy: String
    }

    /// The live replicas, by id.
    var replicas: [Replica]
    /// The leader lease, if any replica ever took it.
    var leader: Leader?
    /// Project leases held (not expired), by any replica.
    var heldLeases: Int
    /// Project leases nobody holds (given back, never claimed, or expired), projects recorded as removed or
    /// archived left out.
    var waitingLeases: Int
    /// The first of those (longest waiting first), at most the `limit` asked for.
    var waiting: [WaitingLease]
    /// What the leader published for the others, by name.
    var published: [Published] = []
}

/// Read-only view of how replicas share the work (`ReplicaLeases`' tables); the PostgreSQL store has it, SQLite
/// (one process owning everything) does not.
protocol ReplicaQueries: Sendable {
    /// The replicas, leases and leader as of `now` (the caller's clock, as for the leases themselves), listing at
    /// most `limit` waiting leases.
    func replicaOverview(now: Date, limit: Int) async throws -> ReplicaOverview
}
