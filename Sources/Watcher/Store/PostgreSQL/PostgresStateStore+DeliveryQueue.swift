import Foundation
import Notifier
import PostgresNIO

/// The notifier's delivery queue over the `delivery` table, with `SQLiteStateStore`'s semantics, plus claims for
/// replicas sharing the database.
///
/// Queue order is the delivery's id (creation order). Per sink and project only the *head* — the oldest delivery
/// still waiting (pending or failed) — can be handed out, so a message never overtakes an earlier one of the
/// same project; deliveries sharing a group key come together. The partial index `delivery_waiting`
/// (sink, projectKey, id) finds every head.
///
/// Claims: `nextDue` hands out only deliveries it claims for this replica (`claimedBy`, until
/// `deliveryClaimPeriod` from `now`), in the same transaction, locking them `FOR UPDATE SKIP LOCKED`; a delivery
/// another replica holds under an unexpired claim — and so everything queued behind it in its project — is left
/// out. `record` is accepted only from the claimant (or for an unclaimed delivery) and clears the claim. So a
/// delivery is in flight on one replica at a time, and no webhook id is sent by two replicas unless one of them
/// stalled for longer than the claim period.
extension PostgresStateStore: DeliveryQueue {
    /// The deliveries of `sink` that may be attempted at `now`, claimed for this replica (see
    /// `DeliveryQueue.nextDue(sink:now:limit:)`).
    ///
    /// A head with a group key comes with the rest of its group: the other heads with that key (from other
    /// projects, due or not) and, in each of those projects, the deliveries of the same group queued right behind
    /// the head. A group is never split across calls unless it alone exceeds `limit`; a group of which another
    /// replica holds any member is left out whole.
    package func nextDue(sink: String, now: Date, limit: Int) async throws -> [QueuedDelivery] {
        guard limit > 0 else { return [] }
        let (logger, me) = (self.logger, replicaID)
        let until = now.adding(deliveryClaimPeriod).storeMillis
        let now = now.storeMillis
        return try await write { connection in
            let heads = try await Self.waitingHeads(sink: sink, on: connection, logger: logger)
            var emitted = Set<Int64>()
            var result: [QueuedDelivery] = []
            for head in heads where head.nextAttemptAt <= now && !emitted.contains(head.delivery.id) {
                var batch = [head.delivery]
                if let group = head.delivery.groupKey {
                    batch = []
                    for member in heads where member.delivery.groupKey == group {
                        batch.append(member.delivery)
                        batch += try await Self.groupRun(
                            after: member.delivery, limit: limit, on: connection, logger: logger
                        )
                    }
                    batch.sort { $0.id < $1.id }
                }
                emitted.formUnion(batch.map(\.id))
                if result.count + batch.count > limit {
                    if result.isEmpty {
                        batch = Array(batch.prefix(limit))
                    } else {
                        break
                    }
                }
                let claimed = try await Self.claim(
                    batch.map(\.id), for: me, now: now, until: until, on: connection, logger: logger
                )
                guard claimed else { continue }
                result += batch
                if result.count >= limit { break }
            }
            return result
        }
    }

    /// Records `attempt` in the history, applies its outcome and clears the delivery's claim, in one transaction;
    /// the delivery's row is locked (`FOR UPDATE`) so two attempts on it are applied one after the other.
    ///
    /// - Throws: `StateStoreError.unknownDelivery`, `.deliveryNotWaiting` for a delivered or dead delivery, or
    ///   `.deliveryClaimLost` when another replica holds its claim now.
    package func record(_ attempt: DeliveryAttempt, forDelivery id: Int64) async throws {
        let logger = self.logger
        let location = self.location
        let me = replicaID
        try await write { connection in
            let current = try await Self.lockedState(ofDelivery: id, on: connection, logger: logger, location: location)
            guard DeliveryState.undelivered.contains(current) else {
                throw StateStoreError.deliveryNotWaiting(id: id, state: current)
            }
            let claimant = try await connection.rows(
                "SELECT claimedBy FROM delivery WHERE id = \(id)", logger: logger
            ).first?.decode(String?.self)
            if let claimant, claimant != me { throw StateStoreError.deliveryClaimLost(id: id) }
            try await connection.run(
                "UPDATE delivery SET claimedBy = NULL, claimExpiresAt = NULL WHERE id = \(id)", logger: logger
            )
            let at = attempt.at.storeMillis
            let outcome: String
            var retryAt: Int64?
            switch attempt.outcome {
            case .delivered:
                outcome = "delivered"
                try await connection.run(
                    """
                    UPDATE delivery SET state = 'delivered', attempts = attempts + 1, deliveredAt = \(at),
                        lastHTTPStatus = \(attempt.httpStatus), lastError = \(attempt.error) WHERE id = \(id)
                    """,
                    logger: logger
                )
            case .retry(let next):
                outcome = "retry"
                retryAt = next.storeMillis
                try await connection.run(
                    """
                    UPDATE delivery SET state = 'failed', attempts = attempts + 1, nextAttemptAt = \(next.storeMillis),
                        lastHTTPStatus = \(attempt.httpStatus), lastError = \(attempt.error) WHERE id = \(id)
                    """,
                    logger: logger
                )
            case .dead:
                outcome = "dead"
                let reason = attempt.error ?? "gave up (no reason recorded)"
                try await connection.run(
                    """
                    UPDATE delivery SET state = 'dead', attempts = attempts + 1, deadAt = \(at),
                        lastHTTPStatus = \(attempt.httpStatus), lastError = \(reason) WHERE id = \(id)
                    """,
                    logger: logger
                )
            }
            try await connection.run(
                """
                INSERT INTO deliveryAttempt (deliveryId, at, outcome, retryAt, httpStatus, error)
                VALUES (\(id), \(at), \(outcome), \(retryAt), \(attempt.httpStatus), \(attempt.error))
                """,
                logger: logger
            )
        }
    }

    /// The earliest next-attempt time among `sink`'s heads of line, or `nil` when nothing waits: for a head
    /// another replica holds, not before its claim expires (that replica sends it, or it is free again then).
    package func nextDueDate(sink: String) async throws -> Date? {
        let (logger, me) = (self.logger, replicaID)
        return try await read { connection in
            try await connection.rows(
                """
                SELECT MIN(CASE WHEN claimedBy IS NULL OR claimedBy = \(me) THEN nextAttemptAt
                    ELSE GREATEST(nextAttemptAt, claimExpiresAt) END)
                FROM delivery WHERE id IN (
                    SELECT MIN(id) FROM delivery WHERE sink = \(sink) AND state IN ('pending', 'failed')
                    GROUP BY projectKey)
                """,
                logger: logger
            ).first?.decode(Int64?.self).map(Date.init(storeMillis:))
        }
    }

    // MARK: Helpers

    /// Claims `ids` for `me` until `until` when every one of them is still waiting and free (unclaimed, claimed by
    /// `me`, or under an expired claim), locking them `FOR UPDATE SKIP LOCKED` (a row another replica is claiming
    /// at this moment counts as taken); returns whether it did. All or none: a group is sent whole.
    private static func claim(
        _ ids: [Int64], for me: String, now: Int64, until: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let free = try await connection.rows(
            """
            SELECT id FROM delivery WHERE id = ANY(\(ids)::bigint[]) AND state IN ('pending', 'failed')
                AND (claimedBy IS NULL OR claimedBy = \(me) OR claimExpiresAt <= \(now))
            FOR UPDATE SKIP LOCKED
            """,
            logger: logger
        )
        guard free.count == ids.count else { return false }
        try await connection.run(
            "UPDATE delivery SET claimedBy = \(me), claimExpiresAt = \(until) WHERE id = ANY(\(ids)::bigint[])",
            logger: logger
        )
        return true
    }

    /// A head of line with its due time.
    private struct Head {
        var delivery: QueuedDelivery
        var nextAttemptAt: Int64
    }

    /// Every project's oldest waiting delivery for `sink`, in queue order.
    private static func waitingHeads(sink: String, on connection: PostgresConnection, logger: Logger) async throws
        -> [Head]
    {
        try await connection.rows(
            """
            SELECT \(unescaped: QueuedDelivery.postgresColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
            WHERE d.id IN (
                SELECT MIN(id) FROM delivery WHERE sink = \(sink) AND state IN ('pending', 'failed')
                GROUP BY projectKey)
            ORDER BY d.id
            """,
            logger: logger
        ).map {
            let (delivery, nextAttemptAt) = try QueuedDelivery.decode(postgresRow: $0)
            return Head(delivery: delivery, nextAttemptAt: nextAttemptAt)
        }
    }

    /// The deliveries queued right behind `head` in its project, as long as they share its group key.
    private static func groupRun(
        after head: QueuedDelivery, limit: Int, on connection: PostgresConnection, logger: Logger
    ) async throws -> [QueuedDelivery] {
        let rows = try await connection.rows(
            """
            SELECT \(unescaped: QueuedDelivery.postgresColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
            WHERE d.sink = \(head.sink) AND d.projectKey = \(head.event.projectKey)
                AND d.state IN ('pending', 'failed') AND d.id > \(head.id)
            ORDER BY d.id LIMIT \(limit)
            """,
            logger: logger
        )
        var run: [QueuedDelivery] = []
        for row in rows {
            let delivery = try QueuedDelivery.decode(postgresRow: row).delivery
            guard delivery.groupKey == head.groupKey else { break }
            run.append(delivery)
        }
        return run
    }

    /// Delivery `id`'s state, its row locked (`FOR UPDATE`) until the transaction ends, so two changes to one
    /// delivery apply one after the other.
    ///
    /// - Throws: `StateStoreError.unknownDelivery`, or `.corrupt` for a state this glwatch does not know.
    static func lockedState(
        ofDelivery id: Int64, on connection: PostgresConnection, logger: Logger, location: String
    ) async throws -> DeliveryState {
        guard
            let state = try await connection.rows(
                "SELECT state FROM delivery WHERE id = \(id) FOR UPDATE", logger: logger
            ).first?.decode(String.self)
        else { throw StateStoreError.unknownDelivery(id) }
        guard let current = DeliveryState(rawValue: state) else {
            throw StateStoreError.corrupt(path: location, message: "unknown delivery state \"\(state)\"")
        }
        return current
    }
}
