import Foundation
import PostgresNIO

/// The replicas' leases (`ReplicaLeases`) over `replica`, `projectLease` and `leaderLease` (migration v6), and the
/// leader's notes over `leaderNote` (v7).
///
/// A claim locks the rows it takes with `FOR UPDATE SKIP LOCKED`, so replicas claiming at the same moment take
/// disjoint projects without waiting for one another; an `apply` carrying a fence locks its lease row
/// `FOR SHARE` (`checkFence`) until it commits, so no claim can take the project between the check and the
/// commit (the claim skips the row, the next one finds it held).
///
/// Giving leases back (`releaseLeases`, `resign`) wakes the other replicas when it commits
/// (`ReplicaWake.leases`), so they claim at once rather than at their next round.
extension PostgresStateStore: ReplicaLeases {
    /// The leader lease's row name.
    static let leaderName = "leader"

    /// The replicas that died: the database session each recorded with its heartbeat is gone, though it began in
    /// the server's present lifetime (after `pg_postmaster_start_time()`). A process that dies — SIGKILL, a lost
    /// host, a crash — has its session ended by PostgreSQL at once (or when TCP keepalive notices a lost host), so
    /// its project leases and leadership can be taken at the others' next round instead of after their expiry.
    /// Its delivery claims still run out on their own (four lease periods): a send it had in flight may yet be
    /// answered, and taking the delivery at once made a second send of it likelier (the replica soak's redeliveries
    /// rose above its bound of one per four kills). A replica that is alive but cut off keeps its session until the server notices, and its leases
    /// expire as usual; a session recorded before the server restarted says nothing (every session ended then), and
    /// neither does a replica without one (an older glwatch, a lock connection that closed): both wait for expiry.
    static let deadReplicas = """
        SELECT r.id FROM replica r
        WHERE r.sessionPid IS NOT NULL
            AND r.sessionStart > (EXTRACT(EPOCH FROM pg_postmaster_start_time()) * 1000000)::bigint
            AND NOT EXISTS (
                SELECT 1 FROM pg_stat_activity a
                WHERE a.pid = r.sessionPid AND (EXTRACT(EPOCH FROM a.backend_start) * 1000000)::bigint = r.sessionStart)
        """

    package func heartbeat(now: Date) async throws {
        let (logger, me) = (self.logger, replicaID)
        let (at, until) = (now.storeMillis, now.adding(leasePeriod).storeMillis)
        let forgotten = now.adding(leasePeriod * -10).storeMillis
        try await renewLockSession()
        let session = heartbeatSession
        let (pid, start) = (session?.pid, session?.start)
        try await write { connection in
            try await connection.run(
                """
                INSERT INTO replica (id, startedAt, expiresAt, sessionPid, sessionStart)
                VALUES (\(me), \(at), \(until), \(pid), \(start))
                ON CONFLICT (id) DO UPDATE SET expiresAt = excluded.expiresAt, sessionPid = excluded.sessionPid,
                    sessionStart = excluded.sessionStart
                """,
                logger: logger
            )
            try await connection.run("DELETE FROM replica WHERE expiresAt < \(forgotten)", logger: logger)
        }
    }

    package func offerProjects(_ keys: [ProjectKey]) async throws {
        guard !keys.isEmpty else { return }
        let logger = self.logger
        let (instances, ids) = Self.columns(of: keys)
        try await write { connection in
            try await connection.run(
                """
                INSERT INTO projectLease (instance, gitlabId)
                SELECT instance, gitlabId FROM unnest(\(instances)::text[], \(ids)::bigint[]) AS k(instance, gitlabId)
                ORDER BY instance, gitlabId
                ON CONFLICT (instance, gitlabId) DO NOTHING
                """,
                logger: logger
            )
        }
    }

    package func renewLeases(_ held: [ProjectFence], now: Date) async throws -> [ProjectFence] {
        guard !held.isEmpty else { return [] }
        let (logger, me) = (self.logger, replicaID)
        let until = now.adding(leasePeriod).storeMillis
        let (instances, ids) = Self.columns(of: held.map(\.project))
        let tokens = held.map(\.token)
        return try await write { connection in
            try await connection.rows(
                """
                UPDATE projectLease l SET expiresAt = \(until)
                FROM unnest(\(instances)::text[], \(ids)::bigint[], \(tokens)::bigint[]) AS h(instance, gitlabId, fence)
                WHERE l.instance = h.instance AND l.gitlabId = h.gitlabId AND l.fence = h.fence AND l.owner = \(me)
                RETURNING l.instance, l.gitlabId, l.fence
                """,
                logger: logger
            ).map(Self.fence(from:))
        }
    }

    package func claimProjects(among keys: [ProjectKey], now: Date, limit: Int) async throws -> ProjectClaim {
        let (logger, me) = (self.logger, replicaID)
        let (at, until) = (now.storeMillis, now.adding(leasePeriod).storeMillis)
        let (instances, ids) = Self.columns(of: keys)
        return try await write { connection in
            let live = try await connection.rows(
                """
                SELECT COUNT(*) FROM replica
                WHERE (expiresAt > \(at) AND id NOT IN (\(unescaped: Self.deadReplicas))) OR id = \(me)
                """,
                logger: logger
            ).first?.decode(Int.self) ?? 1
            let share = (keys.count + max(live, 1) - 1) / max(live, 1)
            let mine = try await connection.rows(
                "SELECT COUNT(*) FROM projectLease WHERE owner = \(me) AND expiresAt > \(at)", logger: logger
            ).first?.decode(Int.self) ?? 0
            let wanted = min(limit, share - mine)
            guard wanted > 0 else { return ProjectClaim(claimed: [], fairShare: share) }
            let claimed = try await connection.rows(
                """
                UPDATE projectLease l SET owner = \(me), expiresAt = \(until), fence = l.fence + 1
                FROM (
                    SELECT p.instance, p.gitlabId FROM projectLease p
                    JOIN unnest(\(instances)::text[], \(ids)::bigint[]) AS k(instance, gitlabId)
                        ON p.instance = k.instance AND p.gitlabId = k.gitlabId
                    WHERE p.owner IS NULL OR p.expiresAt <= \(at) OR p.owner IN (\(unescaped: Self.deadReplicas))
                    ORDER BY p.expiresAt, p.instance, p.gitlabId
                    LIMIT \(wanted)
                    FOR UPDATE OF p SKIP LOCKED
                ) c
                WHERE l.instance = c.instance AND l.gitlabId = c.gitlabId
                RETURNING l.instance, l.gitlabId, l.fence
                """,
                logger: logger
            ).map(Self.fence(from:))
            return ProjectClaim(claimed: claimed.sorted { $0.project < $1.project }, fairShare: share)
        }
    }

    package func releaseLeases(_ keys: [ProjectKey]) async throws {
        guard !keys.isEmpty else { return }
        let (logger, me) = (self.logger, replicaID)
        let (instances, ids) = Self.columns(of: keys)
        try await write { connection in
            try await connection.run(
                """
                UPDATE projectLease l SET owner = NULL, expiresAt = 0
                FROM unnest(\(instances)::text[], \(ids)::bigint[]) AS k(instance, gitlabId)
                WHERE l.instance = k.instance AND l.gitlabId = k.gitlabId AND l.owner = \(me)
                """,
                logger: logger
            )
            try await Self.notify(.leases, from: me, on: connection, logger: logger)
        }
    }

    package func acquireLeadership(now: Date) async throws -> Bool {
        let (logger, me) = (self.logger, replicaID)
        let (at, until) = (now.storeMillis, now.adding(leasePeriod).storeMillis)
        return try await write { connection in
            try await !connection.rows(
                """
                INSERT INTO leaderLease (name, owner, expiresAt, fence) VALUES (\(Self.leaderName), \(me), \(until), 1)
                ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expiresAt = excluded.expiresAt,
                    fence = leaderLease.fence + CASE WHEN leaderLease.owner = excluded.owner THEN 0 ELSE 1 END
                WHERE leaderLease.owner = excluded.owner OR leaderLease.expiresAt <= \(at)
                    OR leaderLease.owner IN (\(unescaped: Self.deadReplicas))
                RETURNING owner
                """,
                logger: logger
            ).isEmpty
        }
    }

    package func leaderLease() async throws -> LeaderLease? {
        let logger = self.logger
        return try await read { connection in
            try await connection.rows(
                "SELECT owner, expiresAt FROM leaderLease WHERE name = \(Self.leaderName)", logger: logger
            ).first.map { row in
                let (owner, expiresAt) = try row.decode((String, Int64).self)
                return LeaderLease(owner: owner, expiresAt: Date(storeMillis: expiresAt))
            }
        }
    }

    package func publishLeaderNote(_ name: String, value: String, now: Date, wake: ReplicaWake?) async throws
        -> Bool
    {
        let (logger, me, at) = (self.logger, replicaID, now.storeMillis)
        return try await write { connection in
            // Only under the leader lease, which the row lock keeps until the commit.
            let leading = try await connection.rows(
                """
                SELECT 1 FROM leaderLease WHERE name = \(Self.leaderName) AND owner = \(me) AND expiresAt > \(at)
                FOR SHARE
                """,
                logger: logger
            )
            guard !leading.isEmpty else { return false }
            try await connection.run(
                """
                INSERT INTO leaderNote (name, value, writtenAt, writtenBy) VALUES (\(name), \(value), \(at), \(me))
                ON CONFLICT (name) DO UPDATE SET value = excluded.value, writtenAt = excluded.writtenAt,
                    writtenBy = excluded.writtenBy
                """,
                logger: logger
            )
            if let wake { try await Self.notify(wake, from: me, on: connection, logger: logger) }
            return true
        }
    }

    package func leaderNote(_ name: String) async throws -> LeaderNote? {
        let logger = self.logger
        return try await read { connection in
            let rows = try await connection.rows(
                "SELECT value, writtenAt, writtenBy FROM leaderNote WHERE name = \(name)", logger: logger
            )
            guard let row = rows.first else { return nil }
            let (value, at, by) = try row.decode((String, Int64, String).self)
            return LeaderNote(value: value, writtenAt: Date(storeMillis: at), writtenBy: by)
        }
    }

    package func resign() async throws {
        let (logger, me) = (self.logger, replicaID)
        try await write { connection in
            try await connection.run(
                "UPDATE projectLease SET owner = NULL, expiresAt = 0 WHERE owner = \(me)", logger: logger
            )
            try await connection.run(
                "UPDATE delivery SET claimedBy = NULL, claimExpiresAt = NULL WHERE claimedBy = \(me)", logger: logger
            )
            try await connection.run("DELETE FROM leaderLease WHERE owner = \(me)", logger: logger)
            try await connection.run("DELETE FROM replica WHERE id = \(me)", logger: logger)
            try await Self.notify(.leases, from: me, on: connection, logger: logger)
        }
    }

    /// Refuses the transaction when `fence` no longer holds (another replica claimed the project since), and
    /// otherwise locks the lease row until the transaction ends, so that no claim can take it before the commit.
    ///
    /// - Throws: `StateStoreError.leaseLost`.
    static func checkFence(_ fence: ProjectFence, owner: String, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let held = try await connection.rows(
            """
            SELECT 1 FROM projectLease WHERE instance = \(fence.project.instance) AND gitlabId = \(fence.project.id)
                AND owner = \(owner) AND fence = \(fence.token)
            FOR SHARE
            """,
            logger: logger
        )
        guard !held.isEmpty else { throw StateStoreError.leaseLost(project: fence.project) }
    }

    // MARK: Helpers

    /// `keys` as two parallel arrays, for `unnest`.
    private static func columns(of keys: [ProjectKey]) -> (instances: [String], ids: [Int64]) {
        (keys.map(\.instance), keys.map(\.id))
    }

    /// A `RETURNING instance, gitlabId, fence` row.
    private static func fence(from row: PostgresRow) throws -> ProjectFence {
        let (instance, id, token) = try row.decode((String, Int64, Int64).self)
        return ProjectFence(project: ProjectKey(instance: instance, id: id), token: token)
    }
}

extension Date {
    /// This date moved by `duration` (negative: earlier).
    func adding(_ duration: Duration) -> Date {
        let (seconds, attoseconds) = duration.components
        return addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
