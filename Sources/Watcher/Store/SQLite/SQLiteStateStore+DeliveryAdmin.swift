import Foundation
import GRDB

extension SQLiteStateStore: DeliveryAdmin {
    /// Re-queues dead letter `id`, due at `now`, attempts reset, history kept.
    ///
    /// - Throws: `StateStoreError.unknownDelivery`, or `.notADeadLetter` when it is not dead.
    func requeueDeadLetter(_ id: Int64, now: Date) async throws {
        let path = self.path
        try await write { db in
            guard let state = try String.fetchOne(db, sql: "SELECT state FROM delivery WHERE id = ?", arguments: [id])
            else { throw StateStoreError.unknownDelivery(id) }
            let current = try DeliveryState(storeValue: state, path: path)
            guard current == .dead else { throw StateStoreError.notADeadLetter(id: id, state: current) }
            try db.execute(
                sql: """
                    UPDATE delivery SET state = 'pending', attempts = 0, nextAttemptAt = ?, deadAt = NULL
                    WHERE id = ?
                    """,
                arguments: [now.storeMillis, id]
            )
        }
    }

    /// Re-queues every dead letter (of `sink` only, when given); returns how many.
    func requeueDeadLetters(sink: String?, now: Date) async throws -> Int {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE delivery SET state = 'pending', attempts = 0, nextAttemptAt = ?1, deadAt = NULL
                    WHERE state = 'dead' AND (?2 IS NULL OR sink = ?2)
                    """,
                arguments: [now.storeMillis, sink]
            )
            return db.changesCount
        }
    }

    /// Queues stored event `eventID` once more for `sink`; returns the new delivery's id.
    ///
    /// - Throws: `StateStoreError.unknownEvent`, or `.invalidSinkName`.
    func redeliver(eventID: String, to sink: String, now: Date) async throws -> Int64 {
        try SinkName.validate(sink)
        return try await write { db in
            guard
                let event = try Row.fetchOne(
                    db,
                    sql: "SELECT seq, projectKey FROM event WHERE id = ?",
                    arguments: [eventID]
                )
            else { throw StateStoreError.unknownEvent(eventID) }
            let seq: Int64 = event["seq"]
            try db.execute(
                sql: """
                    INSERT INTO delivery (eventSeq, sink, projectKey, groupKey, state, attempts, nextAttemptAt,
                        createdAt, template)
                    VALUES (?, ?, ?, NULL, 'pending', 0, ?, ?,
                        (SELECT template FROM delivery WHERE eventSeq = ? AND sink = ? ORDER BY id DESC LIMIT 1))
                    """,
                arguments: [
                    seq, sink, event["projectKey"] as String, now.storeMillis, now.storeMillis, seq, sink,
                ]
            )
            return db.lastInsertedRowID
        }
    }
}
