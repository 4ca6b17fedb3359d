import Foundation
import PostgresNIO

/// Dead letters re-queued and events re-delivered, each in one transaction that wakes the other replicas' delivery
/// workers when it commits (`ReplicaWake.deliveries`).
extension PostgresStateStore: DeliveryAdmin {
    /// Re-queues dead letter `id`, due at `now`, attempts reset, history kept.
    ///
    /// - Throws: `StateStoreError.unknownDelivery`, or `.notADeadLetter` when it is not dead.
    func requeueDeadLetter(_ id: Int64, now: Date) async throws {
        let (logger, location, me) = (self.logger, self.location, replicaID)
        try await write { connection in
            let current = try await Self.lockedState(ofDelivery: id, on: connection, logger: logger, location: location)
            guard current == .dead else { throw StateStoreError.notADeadLetter(id: id, state: current) }
            try await connection.run(
                """
                UPDATE delivery SET state = 'pending', attempts = 0, nextAttemptAt = \(now.storeMillis), deadAt = NULL
                WHERE id = \(id)
                """,
                logger: logger
            )
            try await Self.notify(.deliveries, from: me, on: connection, logger: logger)
        }
    }

    /// Re-queues every dead letter (of `sink` only, when given); returns how many.
    func requeueDeadLetters(sink: String?, now: Date) async throws -> Int {
        let (logger, me) = (self.logger, replicaID)
        return try await write { connection in
            let count = try await connection.rows(
                """
                WITH requeued AS (
                    UPDATE delivery SET state = 'pending', attempts = 0, nextAttemptAt = \(now.storeMillis),
                        deadAt = NULL
                    WHERE state = 'dead' AND (\(sink)::text IS NULL OR sink = \(sink))
                    RETURNING 1)
                SELECT COUNT(*) FROM requeued
                """,
                logger: logger
            ).first?.decode(Int.self) ?? 0
            if count > 0 { try await Self.notify(.deliveries, from: me, on: connection, logger: logger) }
            return count
        }
    }

    /// Queues stored event `eventID` once more for `sink`; returns the new delivery's id.
    ///
    /// - Throws: `StateStoreError.unknownEvent`, or `.invalidSinkName`.
    func redeliver(eventID: String, to sink: String, now: Date) async throws -> Int64 {
        try SinkName.validate(sink)
        let (logger, me) = (self.logger, replicaID)
        return try await write { connection in
            guard
                let event = try await connection.rows(
                    "SELECT seq, projectKey FROM event WHERE id = \(eventID)", logger: logger
                ).first
            else { throw StateStoreError.unknownEvent(eventID) }
            let (seq, projectKey) = try event.decode((Int64, String).self)
            let inserted = try await connection.rows(
                """
                INSERT INTO delivery (eventSeq, sink, projectKey, groupKey, state, attempts, nextAttemptAt, createdAt,
                    template)
                VALUES (\(seq), \(sink), \(projectKey), NULL, 'pending', 0, \(now.storeMillis), \(now.storeMillis),
                    (SELECT template FROM delivery WHERE eventSeq = \(seq) AND sink = \(sink) ORDER BY id DESC LIMIT 1))
                RETURNING id
                """,
                logger: logger
            )
            guard let id = try inserted.first?.decode(Int64.self) else {
                throw StateStoreError.unknownEvent(eventID)
            }
            try await Self.notify(.deliveries, from: me, on: connection, logger: logger)
            return id
        }
    }
}
