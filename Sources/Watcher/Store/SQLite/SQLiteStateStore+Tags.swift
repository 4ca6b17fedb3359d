import Foundation
import GRDB

/// Tags of projects whose target has `tags: true` (schema v4: `tagWatch` marks a tracked project, `tag` holds
/// its tags); written inside `apply`'s transaction, read with the project's state.
extension SQLiteStateStore {
    /// Writes `updates` inside the caller's transaction; `id` resolves a project key to its row id.
    static func write(
        _ updates: [StateChange.TagUpdate], at time: Int64, in db: Database, id: (ProjectKey) throws -> Int64
    ) throws {
        guard !updates.isEmpty else { return }
        let track = try db.cachedStatement(
            sql: "INSERT INTO tagWatch (projectId, since) VALUES (?, ?) ON CONFLICT (projectId) DO NOTHING"
        )
        let set = try db.cachedStatement(
            sql: """
                INSERT INTO tag (projectId, name, sha, message, updatedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (projectId, name) DO UPDATE SET sha = excluded.sha, message = excluded.message,
                    updatedAt = excluded.updatedAt
                """
        )
        let delete = try db.cachedStatement(sql: "DELETE FROM tag WHERE projectId = ? AND name = ?")
        let forgetTags = try db.cachedStatement(sql: "DELETE FROM tag WHERE projectId = ?")
        let untrack = try db.cachedStatement(sql: "DELETE FROM tagWatch WHERE projectId = ?")
        for update in updates {
            let projectID = try id(update.project)
            switch update {
            case .track:
                try track.execute(arguments: [projectID, time])
            case .set(_, let tag, let sha, let message):
                try set.execute(arguments: [projectID, tag, sha.lowercased(), message, time])
            case .delete(_, let tag):
                try delete.execute(arguments: [projectID, tag])
            case .untrack:
                try forgetTags.execute(arguments: [projectID])
                try untrack.execute(arguments: [projectID])
            }
        }
    }

    /// The tags of project row `projectID`, sorted by name; `nil` when its tags are not tracked.
    static func tags(ofProject projectID: Int64, in db: Database) throws -> [StoredTag]? {
        let tracked = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM tagWatch WHERE projectId = ?"), arguments: [projectID]
        )
        guard tracked != nil else { return nil }
        return try Row.fetchAll(
            db.cachedStatement(sql: "SELECT name, sha, message, updatedAt FROM tag WHERE projectId = ? ORDER BY name"),
            arguments: [projectID]
        ).map { row in
            StoredTag(
                name: row["name"], sha: row["sha"], message: row["message"], updatedAt: Date(storeMillis: row["updatedAt"])
            )
        }
    }
}
