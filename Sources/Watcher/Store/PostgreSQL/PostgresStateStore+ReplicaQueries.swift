import Foundation
import PostgresNIO

/// The replicas' tables (`replica`, `projectLease`, `leaderLease`, `leaderNote`) read in one snapshot for `glwatch status`,
/// without taking or renewing anything.
extension PostgresStateStore: ReplicaQueries {
    func replicaOverview(now: Date, limit: Int) async throws -> ReplicaOverview {
        let logger = self.logger
        let at = now.storeMillis
        return try await read { connection in
            let held = Dictionary(
                try await connection.rows(
                    """
                    SELECT owner, COUNT(*) FROM projectLease WHERE owner IS NOT NULL AND expiresAt > \(at)
                    GROUP BY owner
                    """,
                    logger: logger
                ).map { try $0.decode((String, Int).self) },
                uniquingKeysWith: +
            )
            let replicas = try await connection.rows(
                "SELECT id, startedAt, expiresAt FROM replica WHERE expiresAt > \(at) ORDER BY id", logger: logger
            ).map { row in
                let (id, startedAt, expiresAt) = try row.decode((String, Int64, Int64).self)
                return ReplicaOverview.Replica(
                    id: id, startedAt: Date(storeMillis: startedAt), expiresAt: Date(storeMillis: expiresAt),
                    leases: held[id] ?? 0
                )
            }
            let leader = try await connection.rows(
                "SELECT owner, expiresAt FROM leaderLease WHERE name = \(Self.leaderName)", logger: logger
            ).first.map { row in
                let (owner, expiresAt) = try row.decode((String, Int64).self)
                return ReplicaOverview.Leader(owner: owner, expiresAt: Date(storeMillis: expiresAt))
            }
            // A lease nobody holds, of a project not recorded as gone (its lease row outlives its watch).
            let waitingCount = try await connection.rows(
                """
                SELECT COUNT(*)
                FROM projectLease l LEFT JOIN project p ON p.instance = l.instance AND p.gitlabId = l.gitlabId
                WHERE (l.owner IS NULL OR l.expiresAt <= \(at))
                    AND (p.status IS NULL OR p.status NOT IN ('removed', 'archived'))
                """,
                logger: logger
            ).first?.decode(Int.self) ?? 0
            let list: PostgresQuery = """
                SELECT l.instance, l.gitlabId, l.owner, l.expiresAt, p.path
                FROM projectLease l LEFT JOIN project p ON p.instance = l.instance AND p.gitlabId = l.gitlabId
                WHERE (l.owner IS NULL OR l.expiresAt <= \(at))
                    AND (p.status IS NULL OR p.status NOT IN ('removed', 'archived'))
                ORDER BY l.expiresAt, l.instance, l.gitlabId LIMIT \(max(0, limit))
                """
            let waiting = try await connection.rows(list, logger: logger).map { row in
                let (instance, id, owner, expiresAt, path) =
                    try row.decode((String, Int64, String?, Int64, String?).self)
                return ReplicaOverview.WaitingLease(
                    project: ProjectKey(instance: instance, id: id),
                    path: path,
                    expiredOwner: owner,
                    expiredAt: owner == nil ? nil : Date(storeMillis: expiresAt)
                )
            }
            let published = try await connection.rows(
                "SELECT name, writtenAt, writtenBy FROM leaderNote ORDER BY name", logger: logger
            ).map { row in
                let (name, writtenAt, writtenBy) = try row.decode((String, Int64, String).self)
                return ReplicaOverview.Published(name: name, writtenAt: Date(storeMillis: writtenAt), writtenBy: writtenBy)
            }
            return ReplicaOverview(
                replicas: replicas,
                leader: leader,
                heldLeases: held.values.reduce(0, +),
                waitingLeases: waitingCount,
                waiting: waiting,
                published: published
            )
        }
    }
}
