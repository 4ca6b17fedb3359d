import Foundation
import GRDB

extension SQLiteStateStore: StateRetention {
    /// Prunes in batches of `policy.batchSize` rows, one short write transaction each, yielding between them.
    ///
    /// Deleted: events created before `now - policy.deliveredEventMaxAge` whose deliveries are all delivered (or
    /// that have none) — their deliveries and attempt history go with them; and, per project, reported-commit
    /// records older than the newest `policy.reportedCommitsPerProject`.
    func prune(_ policy: RetentionPolicy, now: Date) async throws -> PruneResult {
        guard policy.batchSize > 0, policy.reportedCommitsPerProject >= 0, policy.deliveredEventMaxAge >= 0 else {
            throw StateStoreError.invalidChange("retention policy values must be positive: \(policy)")
        }
        var result = PruneResult()
        let cutoff = now.addingTimeInterval(-policy.deliveredEventMaxAge).storeMillis
        let batch = policy.batchSize
        result.events = try await result.deleteInBatches(of: batch) {
            try await write { db in
                try db.execute(
                    sql: """
                        DELETE FROM event WHERE seq IN (
                            SELECT seq FROM event e
                            WHERE e.createdAt < ? AND NOT EXISTS (
                                SELECT 1 FROM delivery d WHERE d.eventSeq = e.seq AND d.state <> 'delivered')
                            ORDER BY seq LIMIT ?)
                        """,
                    arguments: [cutoff, batch]
                )
                return db.changesCount
            }
        }

        let bound = policy.reportedCommitsPerProject
        let cutoffs = try await read { db in
            // Per project, the row id of the newest commit beyond the bound (nil when within it).
            try Int64.fetchAll(db, sql: "SELECT id FROM project ORDER BY id").compactMap { project in
                try Int64.fetchOne(
                    db,
                    sql: "SELECT id FROM reportedCommit WHERE projectId = ? ORDER BY id DESC LIMIT 1 OFFSET ?",
                    arguments: [project, bound]
                ).map { (project: project, lastToDelete: $0) }
            }
        }
        for (project, lastToDelete) in cutoffs {
            let deleted = try await result.deleteInBatches(of: batch) {
                try await write { db in
                    try db.execute(
                        sql: """
                            DELETE FROM reportedCommit WHERE id IN (
                                SELECT id FROM reportedCommit WHERE projectId = ? AND id <= ? ORDER BY id LIMIT ?)
                            """,
                        arguments: [project, lastToDelete, batch]
                    )
                    return db.changesCount
                }
            }
            result.reportedCommits += deleted
        }
        return result
    }
}
