import Foundation
import GRDB
import Notifier

/// The notifier's delivery queue over the `delivery` table.
///
/// Queue order is the delivery's row id (creation order: events in the order the engine applied them, a
/// re-delivery behind everything already waiting). Per sink and project only the *head* — the oldest delivery
/// still waiting (pending or failed) — can be handed out, so a message never overtakes an earlier one of the
/// same project, even while the earlier one is being retried. The partial index `delivery_waiting`
/// (sink, projectKey, rowid) finds every head in one index walk.
extension SQLiteStateStore: DeliveryQueue {
    /// The deliveries of `sink` that may be attempted at `now` (see `DeliveryQueue.nextDue(sink:now:limit:)`).
    ///
    /// A head with a group key comes with the rest of its group: the other heads with that key (from other
    /// projects, due or not) and, in each of those projects, the deliveries of the same group queued right behind
    /// the head. A group is never split across calls unless it alone exceeds `limit`.
    package func nextDue(sink: String, now: Date, limit: Int) async throws -> [QueuedDelivery] {
        guard limit > 0 else { return [] }
        let now = now.storeMillis
        return try await read { db in
            let heads = try Self.waitingHeads(sink: sink, in: db)
            var emitted = Set<Int64>()
            var result: [QueuedDelivery] = []
            for head in heads where head.nextAttemptAt <= now && !emitted.contains(head.delivery.id) {
                var batch = [head.delivery]
                if let group = head.delivery.groupKey {
                    batch = []
                    for member in heads where member.delivery.groupKey == group {
                        batch.append(member.delivery)
                        batch += try Self.groupRun(after: member.delivery, limit: limit, in: db)
                    }
                    batch.sort { $0.id < $1.id }
                }
                if result.count + batch.count > limit {
                    if result.isEmpty { result = Array(batch.prefix(limit)) }
                    break
                }
                result += batch
                emitted.formUnion(batch.map(\.id))
                if result.count == limit { break }
            }
            return result
        }
    }

    /// Records `attempt` in the history and applies its outcome, in one transaction.
    ///
    /// - Throws: `StateStoreError.unknownDelivery`, or `.deliveryNotWaiting` for a delivered or dead delivery.
    package func record(_ attempt: DeliveryAttempt, forDelivery id: Int64) async throws {
        let path = self.path
        try await write { db in
            guard let state = try String.fetchOne(db, sql: "SELECT state FROM delivery WHERE id = ?", arguments: [id])
            else { throw StateStoreError.unknownDelivery(id) }
            let current = try DeliveryState(storeValue: state, path: path)
            guard DeliveryState.undelivered.contains(current) else {
                throw StateStoreError.deliveryNotWaiting(id: id, state: current)
            }
            let at = attempt.at.storeMillis
            let outcome: String
            var retryAt: Int64?
            switch attempt.outcome {
            case .delivered:
                outcome = "delivered"
                try db.execute(
                    sql: """
                        UPDATE delivery SET state = 'delivered', attempts = attempts + 1, deliveredAt = ?,
                            lastHTTPStatus = ?, lastError = ? WHERE id = ?
                        """,
                    arguments: [at, attempt.httpStatus, attempt.error, id]
                )
            case .retry(let next):
                outcome = "retry"
                retryAt = next.storeMillis
                try db.execute(
                    sql: """
                        UPDATE delivery SET state = 'failed', attempts = attempts + 1, nextAttemptAt = ?,
                            lastHTTPStatus = ?, lastError = ? WHERE id = ?
                        """,
                    arguments: [retryAt, attempt.httpStatus, attempt.error, id]
                )
            case .dead:
                outcome = "dead"
                try db.execute(
                    sql: """
                        UPDATE delivery SET state = 'dead', attempts = attempts + 1, deadAt = ?,
                            lastHTTPStatus = ?, lastError = ? WHERE id = ?
                        """,
                    arguments: [at, attempt.httpStatus, attempt.error ?? "gave up (no reason recorded)", id]
                )
            }
            try db.execute(
                sql: """
                    INSERT INTO deliveryAttempt (deliveryId, at, outcome, retryAt, httpStatus, error)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [id, at, outcome, retryAt, attempt.httpStatus, attempt.error]
            )
        }
    }

    /// The earliest next-attempt time among `sink`'s heads of line, or `nil` when nothing waits.
    package func nextDueDate(sink: String) async throws -> Date? {
        try await read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT MIN(nextAttemptAt) FROM delivery WHERE id IN (
                        SELECT MIN(id) FROM delivery WHERE sink = ? AND state IN ('pending', 'failed')
                        GROUP BY projectKey)
                    """,
                arguments: [sink]
            ).map(Date.init(storeMillis:))
        }
    }

    // MARK: Helpers

    /// A head of line with its due time.
    private struct Head {
        var delivery: QueuedDelivery
        var nextAttemptAt: Int64
    }

    private static let queuedColumns = """
        d.id, d.sink, d.groupKey, d.template, d.attempts, d.nextAttemptAt, \(OutboxEvent.storeColumns)
        """

    /// Every project's oldest waiting delivery for `sink`, in queue order.
    private static func waitingHeads(sink: String, in db: Database) throws -> [Head] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(queuedColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
                    WHERE d.id IN (
                        SELECT MIN(id) FROM delivery WHERE sink = ? AND state IN ('pending', 'failed')
                        GROUP BY projectKey)
                    ORDER BY d.id
                    """
            ),
            arguments: [sink]
        ).map { Head(delivery: queuedDelivery($0), nextAttemptAt: $0["nextAttemptAt"]) }
    }

    /// The deliveries queued right behind `head` in its project, as long as they share its group key.
    private static func groupRun(after head: QueuedDelivery, limit: Int, in db: Database) throws -> [QueuedDelivery] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(queuedColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
                    WHERE d.sink = ? AND d.projectKey = ? AND d.state IN ('pending', 'failed') AND d.id > ?
                    ORDER BY d.id LIMIT ?
                    """
            ),
            arguments: [head.sink, head.event.projectKey, head.id, limit]
        )
        var run: [QueuedDelivery] = []
        for row in rows {
            let delivery = queuedDelivery(row)
            guard delivery.groupKey == head.groupKey else { break }
            run.append(delivery)
        }
        return run
    }

    private static func queuedDelivery(_ row: Row) -> QueuedDelivery {
        QueuedDelivery(
            id: row["id"],
            sink: row["sink"],
            event: OutboxEvent(storeRow: row),
            attempts: row["attempts"],
            groupKey: row["groupKey"],
            template: row["template"]
        )
    }
}
