import Foundation
import GRDB
import Notifier

extension SQLiteStateStore: StateQueries {
    /// Every project with its heads, ordered by key.
    func projectStates() async throws -> [ProjectState] {
        let path = self.path
        return try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM project ORDER BY instance, gitlabId")
                .map { try Self.projectState(row: $0, in: db, path: path) }
        }
    }

    /// Stored events matching `filter`, newest first, with their deliveries.
    func recentEvents(_ filter: EventFilter) async throws -> [StoredEvent] {
        let path = self.path
        return try await read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let projectKey = filter.projectKey {
                conditions.append("e.projectKey = ?")
                arguments += [projectKey]
            }
            if !filter.types.isEmpty {
                conditions.append("e.type IN (\(Self.placeholders(filter.types.count)))")
                arguments += StatementArguments(filter.types.sorted())
            }
            if let since = filter.since {
                conditions.append("e.createdAt >= ?")
                arguments += [since.storeMillis]
            }
            arguments += [max(0, filter.limit), max(0, filter.offset)]
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT e.seq, \(OutboxEvent.storeColumns) FROM event e \(Self.whereClause(conditions))
                    ORDER BY e.seq DESC LIMIT ? OFFSET ?
                    """,
                arguments: arguments
            )
            let deliveries = try db.cachedStatement(
                sql: """
                    SELECT \(DeliveryRecord.storeColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
                    WHERE d.eventSeq = ? ORDER BY d.id
                    """
            )
            return try rows.map { row in
                StoredEvent(
                    event: OutboxEvent(storeRow: row),
                    deliveries: try Row.fetchAll(deliveries, arguments: [row["seq"] as Int64])
                        .map { try DeliveryRecord(storeRow: $0, path: path) }
                )
            }
        }
    }

    /// Deliveries matching `filter`, in queue order.
    func deliveries(_ filter: DeliveryFilter) async throws -> [DeliveryRecord] {
        let path = self.path
        return try await read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let sink = filter.sink {
                conditions.append("d.sink = ?")
                arguments += [sink]
            }
            if !filter.states.isEmpty {
                conditions.append("d.state IN (\(Self.placeholders(filter.states.count)))")
                arguments += StatementArguments(filter.states.map(\.rawValue).sorted())
            }
            if let eventID = filter.eventID {
                conditions.append("e.id = ?")
                arguments += [eventID]
            }
            arguments += [max(0, filter.limit), max(0, filter.offset)]
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(DeliveryRecord.storeColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
                    \(Self.whereClause(conditions)) ORDER BY d.id LIMIT ? OFFSET ?
                    """,
                arguments: arguments
            ).map { try DeliveryRecord(storeRow: $0, path: path) }
        }
    }

    /// Delivery attempts matching `filter`, newest first.
    func attempts(_ filter: AttemptFilter) async throws -> [AttemptRecord] {
        let path = self.path
        return try await read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let deliveryID = filter.deliveryID {
                conditions.append("a.deliveryId = ?")
                arguments += [deliveryID]
            }
            if let eventID = filter.eventID {
                conditions.append("e.id = ?")
                arguments += [eventID]
            }
            if let sink = filter.sink {
                conditions.append("d.sink = ?")
                arguments += [sink]
            }
            if let since = filter.since {
                conditions.append("a.at >= ?")
                arguments += [since.storeMillis]
            }
            arguments += [max(0, filter.limit)]
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT a.id, a.deliveryId, e.id AS eventId, d.sink, a.at, a.outcome, a.retryAt, a.httpStatus,
                        a.error
                    FROM deliveryAttempt a JOIN delivery d ON d.id = a.deliveryId JOIN event e ON e.seq = d.eventSeq
                    \(Self.whereClause(conditions)) ORDER BY a.id DESC LIMIT ?
                    """,
                arguments: arguments
            ).map { row in
                let outcome: DeliveryAttempt.Outcome
                switch row["outcome"] as String {
                case "delivered": outcome = .delivered
                case "retry": outcome = .retry(at: Date(storeMillis: row["retryAt"] ?? row["at"]))
                case "dead": outcome = .dead
                case let other:
                    throw StateStoreError.corrupt(path: path, message: "unknown attempt outcome \"\(other)\"")
                }
                return AttemptRecord(
                    id: row["id"],
                    deliveryID: row["deliveryId"],
                    eventID: row["eventId"],
                    sink: row["sink"],
                    attempt: DeliveryAttempt(
                        at: Date(storeMillis: row["at"]),
                        outcome: outcome,
                        httpStatus: row["httpStatus"],
                        error: row["error"]
                    )
                )
            }
        }
    }

    /// Queue depth, dead letters and oldest waiting delivery per sink; events per type; projects per status.
    func metrics() async throws -> StoreMetrics {
        try await read { db in
            var metrics = StoreMetrics()
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT sink, COUNT(*) AS count, MIN(createdAt) AS oldest FROM delivery
                    WHERE state IN ('pending', 'failed') GROUP BY sink
                    """
            ) {
                metrics.queueDepth[row["sink"]] = row["count"]
                metrics.oldestWaiting[row["sink"]] = Date(storeMillis: row["oldest"])
            }
            for row in try Row.fetchAll(
                db,
                sql: "SELECT sink, COUNT(*) AS count FROM delivery WHERE state = 'dead' GROUP BY sink"
            ) {
                metrics.deadLetters[row["sink"]] = row["count"]
            }
            for row in try Row.fetchAll(db, sql: "SELECT type, COUNT(*) AS count FROM event GROUP BY type") {
                metrics.eventsByType[row["type"]] = row["count"]
            }
            for row in try Row.fetchAll(db, sql: "SELECT status, COUNT(*) AS count FROM project GROUP BY status") {
                if let status = ProjectStatus(rawValue: row["status"]) {
                    metrics.projectsByStatus[status] = row["count"]
                }
            }
            return metrics
        }
    }

    // MARK: Helpers

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    private static func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    }
}
