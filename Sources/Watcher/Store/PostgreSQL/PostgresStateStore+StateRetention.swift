import Foundation
import PostgresNIO

extension PostgresStateStore: StateRetention {
    /// Prunes in batches of `policy.batchSize` rows, one short write transaction each, yielding between them.
    ///
    /// Deleted: events created before `now - policy.deliveredEventMaxAge` whose deliveries are all delivered (or
    /// that have none) — their deliveries and attempt history go with them; and, per project, reported-commit
    /// records older than the newest `policy.reportedCommitsPerProject`.
    func prune(_ policy: RetentionPolicy, now: Date) async throws -> PruneResult {
        guard policy.batchSize > 0, policy.reportedCommitsPerProject >= 0, policy.deliveredEventMaxAge >= 0 else {
            throw StateStoreError.invalidChange("retention policy values must be positive: \(policy)")
        }
        let logger = self.logger
        var result = PruneResult()
        let cutoff = now.addingTimeInterval(-policy.deliveredEventMaxAge).storeMillis
        let batch = policy.batchSize
        result.events = try await result.deleteInBatches(of: batch) {
            try await write { connection in
                try await connection.rows(
                    """
                    WITH deleted AS (
                        DELETE FROM event WHERE seq IN (
                            SELECT seq FROM event e
                            WHERE e.createdAt < \(cutoff) AND NOT EXISTS (
                                SELECT 1 FROM delivery d WHERE d.eventSeq = e.seq AND d.state <> 'delivered')
                            ORDER BY seq LIMIT \(batch))
                        RETURNING 1)
                    SELECT COUNT(*) FROM deleted
                    """,
                    logger: logger
                ).first?.decode(Int.self) ?? 0
            }
        }

        let bound = policy.reportedCommitsPerProject
        let cutoffs = try await read { connection in
            // Per project, the id of the newest commit beyond the bound (none when within it).
            var cutoffs: [(project: Int64, lastToDelete: Int64)] = []
            for row in try await connection.rows("SELECT id FROM project ORDER BY id", logger: logger) {
                let project = try row.decode(Int64.self)
                let last = try await connection.rows(
                    """
                    SELECT id FROM reportedCommit WHERE projectId = \(project) ORDER BY id DESC LIMIT 1 OFFSET \(bound)
                    """,
                    logger: logger
                ).first?.decode(Int64.self)
                if let last { cutoffs.append((project, last)) }
            }
            return cutoffs.map { Cutoff(project: $0.project, lastToDelete: $0.lastToDelete) }
        }
        for cutoff in cutoffs {
            let deleted = try await result.deleteInBatches(of: batch) {
                try await write { connection in
                    try await connection.rows(
                        """
                        WITH deleted AS (
                            DELETE FROM reportedCommit WHERE id IN (
                                SELECT id FROM reportedCommit
                                WHERE projectId = \(cutoff.project) AND id <= \(cutoff.lastToDelete)
                                ORDER BY id LIMIT \(batch))
                            RETURNING 1)
                        SELECT COUNT(*) FROM deleted
                        """,
                        logger: logger
                    ).first?.decode(Int.self) ?? 0
                }
            }
            result.reportedCommits += deleted
        }
        return result
    }

    /// A project's newest reported commit beyond the retention bound.
    private struct Cutoff: Sendable {
        var project: Int64
        var lastToDelete: Int64
    }
}
