import Foundation
import PostgresNIO

/// Tags of projects whose target has `tags: true` (schema v4: `tagWatch` marks a tracked project, `tag` holds
/// its tags); written inside `apply`'s transaction, read with the project's state.
extension PostgresStateStore {
    /// Writes one tag update of project row `projectID` inside the caller's transaction.
    static func write(
        _ update: StateChange.TagUpdate, projectID: Int64, at time: Int64, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        switch update {
        case .track:
            try await connection.run(
                """
                INSERT INTO tagWatch (projectId, since) VALUES (\(projectID), \(time))
                ON CONFLICT (projectId) DO NOTHING
                """,
                logger: logger
            )
        case .set(_, let tag, let sha, let message):
            try await connection.run(
                """
                INSERT INTO tag (projectId, name, sha, message, updatedAt)
                VALUES (\(projectID), \(tag), \(sha.lowercased()), \(message), \(time))
                ON CONFLICT (projectId, name) DO UPDATE SET sha = excluded.sha, message = excluded.message,
                    updatedAt = excluded.updatedAt
                """,
                logger: logger
            )
        case .delete(_, let tag):
            try await connection.run(
                "DELETE FROM tag WHERE projectId = \(projectID) AND name = \(tag)", logger: logger
            )
        case .untrack:
            try await connection.run("DELETE FROM tag WHERE projectId = \(projectID)", logger: logger)
            try await connection.run("DELETE FROM tagWatch WHERE projectId = \(projectID)", logger: logger)
        }
    }

    /// The tags of project row `projectID`, sorted by name; `nil` when its tags are not tracked.
    static func tags(ofProject projectID: Int64, on connection: PostgresConnection, logger: Logger) async throws
        -> [StoredTag]?
    {
        let tracked = try await connection.rows(
            "SELECT 1 FROM tagWatch WHERE projectId = \(projectID)", logger: logger
        )
        guard !tracked.isEmpty else { return nil }
        return try await connection.rows(
            "SELECT name, sha, message, updatedAt FROM tag WHERE projectId = \(projectID) ORDER BY name",
            logger: logger
        ).map { row in
            let (name, sha, message, updatedAt) = try row.decode((String, String, String?, Int64).self)
            return StoredTag(name: name, sha: sha, message: message, updatedAt: Date(storeMillis: updatedAt))
        }
    }
}
