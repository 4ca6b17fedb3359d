import Foundation

extension StatusReport {
    /// On PostgreSQL, how the replicas share the work (`status --json`'s `replicas`, absent on SQLite):
    ///
    /// ```json
    /// {
    ///   "leasePeriodSeconds": 30,
    ///   "live": [{ "id": "web-1/4242/1a2b3c4d", "host": "web-1", "pid": 4242, "startedAt": "…",
    ///              "lastHeartbeatAt": "…", "heartbeatExpiresAt": "…", "leases": 5, "leader": true }],
    ///   "leader": { "replica": "web-1/4242/1a2b3c4d", "until": "…", "expired": false },
    ///   "leases": { "held": 5, "waiting": 1,
    ///               "waitingProjects": [{ "key": "gitlab.com/7", "path": "acme/api",
    ///                                     "expiredOwner": "…", "expiredAt": "…" }] },
    ///   "published": [{ "name": "feed gitlab.com", "writtenAt": "…", "writtenBy": "web-1/4242/1a2b3c4d" }]
    /// }
    /// ```
    struct Replicas: Codable, Sendable, Equatable {
        /// One live replica (its heartbeat has not expired).
        struct Replica: Codable, Sendable, Equatable {
            /// Its id: `host/pid/suffix`.
            var id: String
            /// The host, from the id (when it has that shape).
            var host: String?
            /// The process id, from the id (when it has that shape).
            var pid: Int?
            /// When it joined.
            var startedAt: Date
            /// Its last heartbeat: `heartbeatExpiresAt` less the config's lease period (a replica started with
            /// another `lease_period` is off by the difference).
            var lastHeartbeatAt: Date
            /// Until when that heartbeat keeps it live.
            var heartbeatExpiresAt: Date
            /// The project leases it holds.
            var leases: Int
            /// Whether it holds the leader lease.
            var leader: Bool
        }

        /// The leader lease.
        struct Leader: Codable, Sendable, Equatable {
            /// The replica holding it (or that last held it, when `expired`).
            var replica: String
            /// Until when.
            var until: Date
            /// Whether it expired: nobody leads until some replica's next round takes it.
            var expired: Bool
        }

        /// The project leases.
        struct Leases: Codable, Sendable, Equatable {
            /// Held by a replica (not expired).
            var held: Int
            /// Held by none: given back, never claimed yet, or expired (projects recorded as removed or archived
            /// left out).
            var waiting: Int
            /// The longest waiting first, at most `StatusReport.waitingListLimit`.
            var waitingProjects: [Waiting]
        }

        /// A project waiting to be claimed.
        struct Waiting: Codable, Sendable, Equatable {
            /// Its key, `instance/id`.
            var key: String
            /// Its path, once it was polled.
            var path: String?
            /// The replica whose lease expired (absent: given back or never claimed).
            var expiredOwner: String?
            /// When that lease expired.
            var expiredAt: Date?
        }

        /// The config's `state.postgres.lease_period`.
        var leasePeriodSeconds: Double
        /// The live replicas, by id.
        var live: [Replica]
        /// The leader lease, once some replica took it.
        var leader: Leader?
        /// The project leases.
        var leases: Leases
        /// What the leader published for the others, by name (age tells whether it still does): where the change
        /// feed stands (`feed <instance>`), the projects it covers (`feed scope <instance>`), a target's project list
        /// (`discovery <instance> <target>`).
        var published: [ReplicaOverview.Published]
    }

    /// How many waiting leases the report lists.
    static let waitingListLimit = 100

    /// The replicas' part of the report, from the store's overview as of `now`.
    static func replicas(_ overview: ReplicaOverview, leasePeriod: TimeInterval, now: Date) -> Replicas {
        let leader = overview.leader.map {
            Replicas.Leader(replica: $0.owner, until: $0.expiresAt, expired: $0.expiresAt <= now)
        }
        let live = overview.replicas.map { replica in
            let parts = replica.id.split(separator: "/", omittingEmptySubsequences: false)
            let pid = parts.count == 3 ? Int(parts[1]) : nil
            return Replicas.Replica(
                id: replica.id,
                host: pid == nil ? nil : String(parts[0]),
                pid: pid,
                startedAt: replica.startedAt,
                lastHeartbeatAt: max(replica.startedAt, replica.expiresAt.addingTimeInterval(-leasePeriod)),
                heartbeatExpiresAt: replica.expiresAt,
                leases: replica.leases,
                leader: leader.map { !$0.expired && $0.replica == replica.id } ?? false
            )
        }
        let waiting = overview.waiting.map {
            Replicas.Waiting(
                key: $0.project.description, path: $0.path, expiredOwner: $0.expiredOwner, expiredAt: $0.expiredAt
            )
        }
        return Replicas(
            leasePeriodSeconds: leasePeriod,
            live: live,
            leader: leader,
            leases: Replicas.Leases(
                held: overview.heldLeases, waiting: overview.waitingLeases, waitingProjects: waiting
            ),
            published: overview.published
        )
    }
}
