import Foundation
import GRDBSQLite
import Watcher

/// `glwatch-dev bench store`'s yardstick: the same rows as `StoreBenchWorkload`, written through the raw SQLite C
/// API with prepared statements in one single transaction — the fastest plain SQLite can store them.
struct SQLiteBulkInsertBaseline {
    /// The rows to write.
    var workload: StoreBenchWorkload

    /// Why the baseline failed.
    struct Failure: Error, CustomStringConvertible {
        /// SQLite's message.
        var description: String
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Writes the workload's rows into the (already migrated, project rows present) database at `path`, with the
    /// store's pragmas (WAL, `synchronous`), and returns how long the transaction took.
    func run(path: String, synchronous: String, clock: ContinuousClock = ContinuousClock()) throws -> Duration {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let db else {
            throw Failure(description: "cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        func exec(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
                throw Failure(description: String(cString: sqlite3_errmsg(db)))
            }
        }
        func prepare(_ sql: String) throws -> OpaquePointer {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            return statement
        }
        func step(_ statement: OpaquePointer) throws {
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            sqlite3_reset(statement)
        }
        try exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = \(synchronous); PRAGMA foreign_keys = ON")

        var projectIDs: [Int64] = []
        let lookup = try prepare("SELECT id FROM project WHERE instance = ? AND gitlabId = ?")
        for i in 0..<workload.projects {
            let key = workload.project(ofChange: i)
            sqlite3_bind_text(lookup, 1, key.instance, -1, Self.transient)
            sqlite3_bind_int64(lookup, 2, key.id)
            guard sqlite3_step(lookup) == SQLITE_ROW else { throw Failure(description: "project \(key) missing") }
            projectIDs.append(sqlite3_column_int64(lookup, 0))
            sqlite3_reset(lookup)
        }
        sqlite3_finalize(lookup)

        let head = try prepare(
            """
            INSERT INTO branchHead (projectId, branch, sha, updatedAt) VALUES (?, ?, ?, ?)
            ON CONFLICT (projectId, branch) DO UPDATE SET sha = excluded.sha, updatedAt = excluded.updatedAt
            """
        )
        let commit = try prepare("INSERT INTO reportedCommit (projectId, sha, reportedAt) VALUES (?, ?, ?)")
        let event = try prepare(
            "INSERT INTO event (id, type, projectKey, branch, payload, createdAt) VALUES (?, ?, ?, ?, ?, ?)"
        )
        let delivery = try prepare(
            """
            INSERT INTO delivery (eventSeq, sink, projectKey, rule, template, groupKey, state, attempts,
                nextAttemptAt, createdAt)
            VALUES (?, ?, ?, ?, NULL, NULL, 'pending', 0, ?, ?)
            """
        )
        defer { for statement in [head, commit, event, delivery] { sqlite3_finalize(statement) } }

        let started = clock.now
        try exec("BEGIN IMMEDIATE")
        for i in 0..<workload.events {
            let projectID = projectIDs[i % workload.projects]
            let at = workload.time(ofChange: i).storeMillis
            sqlite3_bind_int64(head, 1, projectID)
            sqlite3_bind_text(head, 2, "main", -1, Self.transient)
            sqlite3_bind_text(head, 3, workload.sha(change: i, index: workload.commitsPerEvent - 1), -1, Self.transient)
            sqlite3_bind_int64(head, 4, at)
            try step(head)
            for k in 0..<workload.commitsPerEvent {
                let bytes = CommitSHA.bytes(fromHex: workload.sha(change: i, index: k)) ?? Data()
                sqlite3_bind_int64(commit, 1, projectID)
                _ = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(commit, 2, $0.baseAddress, Int32($0.count), Self.transient)
                }
                sqlite3_bind_int64(commit, 3, at)
                try step(commit)
            }
            let outbox = workload.event(ofChange: i)
            sqlite3_bind_text(event, 1, outbox.id, -1, Self.transient)
            sqlite3_bind_text(event, 2, outbox.type, -1, Self.transient)
            sqlite3_bind_text(event, 3, outbox.projectKey, -1, Self.transient)
            sqlite3_bind_text(event, 4, outbox.branch ?? "", -1, Self.transient)
            _ = outbox.payload.withUnsafeBytes {
                sqlite3_bind_blob(event, 5, $0.baseAddress, Int32($0.count), Self.transient)
            }
            sqlite3_bind_int64(event, 6, outbox.createdAt.storeMillis)
            try step(event)
            sqlite3_bind_int64(delivery, 1, sqlite3_last_insert_rowid(db))
            sqlite3_bind_text(delivery, 2, StoreBenchWorkload.sink, -1, Self.transient)
            sqlite3_bind_text(delivery, 3, outbox.projectKey, -1, Self.transient)
            sqlite3_bind_text(delivery, 4, StoreBenchWorkload.rule, -1, Self.transient)
            sqlite3_bind_int64(delivery, 5, at)
            sqlite3_bind_int64(delivery, 6, at)
            try step(delivery)
        }
        try exec("COMMIT")
        return clock.now - started
    }
}
