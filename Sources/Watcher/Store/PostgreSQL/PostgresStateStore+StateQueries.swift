import Foundation
import Notifier
import PostgresNIO

/// Read-only queries, each in one snapshot. Optional filters are bound values the SQL tests for (`$1 IS NULL
/// OR …`, `cardinality($2) = 0 OR … = ANY($2)`), so every query is fixed text with bound parameters.
extension PostgresStateStore: StateQueries {
    /// Every project with its heads, ordered by key.
    func projectStates() async throws -> [ProjectState] {
        let logger = self.logger
        let location = self.location
        return try await read { connection in
            let rows = try await connection.rows(
                "SELECT \(unescaped: ProjectRecord.postgresColumns) FROM project ORDER BY instance, gitlabId",
                logger: logger
            )
            var states: [ProjectState] = []
            for row in rows {
                let (record, rowID) = try ProjectRecord.decode(postgresRow: row, location: location)
                states.append(try await Self.projectState(record, rowID: rowID, on: connection, logger: logger))
            }
            return states
        }
    }

    /// Stored events matching `filter`, newest first, with their deliveries.
    func recentEvents(_ filter: EventFilter) async throws -> [StoredEvent] {
        let logger = self.logger
        let location = self.location
        let types = filter.types.sorted()
        let since = filter.since?.storeMillis
        return try await read { connection in
            let rows = try await connection.rows(
                """
                SELECT e.seq, \(unescaped: OutboxEvent.postgresColumns) FROM event e
                WHERE (\(filter.projectKey)::text IS NULL OR e.projectKey = \(filter.projectKey))
                    AND (cardinality(\(types)::text[]) = 0 OR e.type = ANY(\(types)))
                    AND (\(since)::bigint IS NULL OR e.createdAt >= \(since))
                ORDER BY e.seq DESC LIMIT \(max(0, filter.limit)) OFFSET \(max(0, filter.offset))
                """,
                logger: logger
            )
            var events: [StoredEvent] = []
            for row in rows {
                let seq = try row.decode(Int64.self)
                events.append(
                    StoredEvent(
                        event: try OutboxEvent(postgresRow: row, from: 1),
                        deliveries: try await Self.deliveries(
                            ofEvent: seq, on: connection, logger: logger, location: location
                        )
                    )
                )
            }
            return events
        }
    }

    /// Deliveries matching `filter`, in queue order.
    func deliveries(_ filter: DeliveryFilter) async throws -> [DeliveryRecord] {
        let logger = self.logger
        let location = self.location
        let states = filter.states.map(\.rawValue).sorted()
        return try await read { connection in
            try await connection.rows(
                """
                SELECT \(unescaped: DeliveryRecord.postgresColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
                WHERE (\(filter.sink)::text IS NULL OR d.sink = \(filter.sink))
                    AND (cardinality(\(states)::text[]) = 0 OR d.state = ANY(\(states)))
                    AND (\(filter.eventID)::text IS NULL OR e.id = \(filter.eventID))
                ORDER BY d.id LIMIT \(max(0, filter.limit)) OFFSET \(max(0, filter.offset))
                """,
                logger: logger
            ).map { try DeliveryRecord(postgresRow: $0, location: location) }
        }
    }

    /// Delivery attempts matching `filter`, newest first.
    func attempts(_ filter: AttemptFilter) async throws -> [AttemptRecord] {
        let logger = self.logger
        let location = self.location
        let since = filter.since?.storeMillis
        return try await read { connection in
            try await connection.rows(
                """
                SELECT a.id, a.deliveryId, e.id, d.sink, a.at, a.outcome, a.retryAt, a.httpStatus, a.error
                FROM deliveryAttempt a JOIN delivery d ON d.id = a.deliveryId JOIN event e ON e.seq = d.eventSeq
                WHERE (\(filter.deliveryID)::bigint IS NULL OR a.deliveryId = \(filter.deliveryID))
                    AND (\(filter.eventID)::text IS NULL OR e.id = \(filter.eventID))
                    AND (\(filter.sink)::text IS NULL OR d.sink = \(filter.sink))
                    AND (\(since)::bigint IS NULL OR a.at >= \(since))
                ORDER BY a.id DESC LIMIT \(max(0, filter.limit))
                """,
                logger: logger
            ).map { row in
                let (id, deliveryID, eventID, sink, at, outcome, retryAt, httpStatus, error) =
                    try row.decode((Int64, Int64, String, String, Int64, String, Int64?, Int?, String?).self)
                let decoded: DeliveryAttempt.Outcome
                switch outcome {
                case "delivered": decoded = .delivered
                case "retry": decoded = .retry(at: Date(storeMillis: retryAt ?? at))
                case "dead": decoded = .dead
                default:
                    throw StateStoreError.corrupt(path: location, message: "unknown attempt outcome \"\(outcome)\"")
                }
                return AttemptRecord(
                    id: id,
                    deliveryID: deliveryID,
                    eventID: eventID,
                    sink: sink,
                    attempt: DeliveryAttempt(
                        at: Date(storeMillis: at), outcome: decoded, httpStatus: httpStatus, error: error
                    )
                )
            }
        }
    }

    /// Queue depth, dead letters and oldest waiting delivery per sink; events per type; projects per status.
    func metrics() async throws -> StoreMetrics {
        let logger = self.logger
        return try await read { connection in
            var metrics = StoreMetrics()
            for row in try await connection.rows(
                """
                SELECT sink, COUNT(*), MIN(createdAt) FROM delivery
                WHERE state IN ('pending', 'failed') GROUP BY sink
                """,
                logger: logger
            ) {
                let (sink, count, oldest) = try row.decode((String, Int, Int64).self)
                metrics.queueDepth[sink] = count
                metrics.oldestWaiting[sink] = Date(storeMillis: oldest)
            }
            for row in try await connection.rows(
                "SELECT sink, COUNT(*) FROM delivery WHERE state = 'dead' GROUP BY sink", logger: logger
            ) {
                let (sink, count) = try row.decode((String, Int).self)
                metrics.deadLetters[sink] = count
            }
            for row in try await connection.rows("SELECT type, COUNT(*) FROM event GROUP BY type", logger: logger) {
                let (type, count) = try row.decode((String, Int).self)
                metrics.eventsByType[type] = count
            }
            for row in try await connection.rows(
                "SELECT status, COUNT(*) FROM project GROUP BY status", logger: logger
            ) {
                let (status, count) = try row.decode((String, Int).self)
                if let status = ProjectStatus(rawValue: status) {
                    metrics.projectsByStatus[status] = count
                }
            }
            return metrics
        }
    }

    // MARK: Helpers

    /// The deliveries of event row `seq`, in queue order.
    static func deliveries(
        ofEvent seq: Int64, on connection: PostgresConnection, logger: Logger, location: String
    ) async throws -> [DeliveryRecord] {
        try await connection.rows(
            """
            SELECT \(unescaped: DeliveryRecord.postgresColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
            WHERE d.eventSeq = \(seq) ORDER BY d.id
            """,
            logger: logger
        ).map { try DeliveryRecord(postgresRow: $0, location: location) }
    }
}
