import Foundation
import Notifier
import PostgresNIO

// Decoding the store's rows. The column lists are constants of this file, spliced with `unescaped:` so each is
// written once; no value ever reaches SQL other than as a bound parameter.

extension ProjectRecord {
    /// The columns `decode(postgresRow:location:)` reads, from `project`.
    static let postgresColumns = """
        id, instance, gitlabId, path, status, lastPollAt, lastSuccessAt, consecutiveFailures, lastError, lastHookAt
        """

    /// Decodes a row selecting `postgresColumns`: the record, and the project's row id.
    static func decode(postgresRow row: PostgresRow, location: String) throws -> (record: ProjectRecord, rowID: Int64) {
        let (rowID, instance, gitlabID, path, status, lastPollAt, lastSuccessAt, failures, lastError, lastHookAt) =
            try row.decode((Int64, String, Int64, String, String, Int64?, Int64?, Int, String?, Int64?).self)
        guard let decoded = ProjectStatus(rawValue: status) else {
            throw StateStoreError.corrupt(path: location, message: "unknown project status \"\(status)\"")
        }
        let record = ProjectRecord(
            key: ProjectKey(instance: instance, id: gitlabID),
            path: path,
            status: decoded,
            lastPollAt: lastPollAt.map(Date.init(storeMillis:)),
            lastSuccessAt: lastSuccessAt.map(Date.init(storeMillis:)),
            consecutiveFailures: failures,
            lastError: lastError,
            lastHookAt: lastHookAt.map(Date.init(storeMillis:))
        )
        return (record, rowID)
    }
}

extension OutboxEvent {
    /// The columns `init(postgresRow:from:)` reads, from `event` aliased `e`.
    static let postgresColumns = "e.id, e.type, e.projectKey, e.branch, e.payload, e.createdAt"

    /// Decodes the six `postgresColumns` starting at column `first`.
    init(postgresRow row: PostgresRow, from first: Int) throws {
        let cells = Array(row)
        let (id, type, projectKey, branch, payload, createdAt) = try (
            cells[first].decode(String.self), cells[first + 1].decode(String.self),
            cells[first + 2].decode(String.self), cells[first + 3].decode(String?.self),
            cells[first + 4].decode(Data.self), cells[first + 5].decode(Int64.self)
        )
        self.init(
            id: id, type: type, projectKey: projectKey, branch: branch, payload: payload,
            createdAt: Date(storeMillis: createdAt)
        )
    }
}

extension QueuedDelivery {
    /// The columns `init(postgresRow:)` reads: the delivery's (aliased `d`), its due time, then its event's.
    static let postgresColumns = """
        d.id, d.sink, d.groupKey, d.template, d.attempts, d.nextAttemptAt, \(OutboxEvent.postgresColumns)
        """

    /// Decodes a row selecting `postgresColumns`: the delivery and its due time.
    static func decode(postgresRow row: PostgresRow) throws -> (delivery: QueuedDelivery, nextAttemptAt: Int64) {
        let (id, sink, groupKey, template, attempts, nextAttemptAt) =
            try row.decode((Int64, String, String?, String?, Int, Int64).self)
        let delivery = QueuedDelivery(
            id: id, sink: sink, event: try OutboxEvent(postgresRow: row, from: 6), attempts: attempts,
            groupKey: groupKey, template: template
        )
        return (delivery, nextAttemptAt)
    }
}

extension DeliveryRecord {
    /// The columns `init(postgresRow:location:)` reads, from `delivery` aliased `d` joined with `event` aliased `e`.
    static let postgresColumns = """
        d.id, e.id, e.type, d.projectKey, d.sink, d.rule, d.template, d.groupKey, d.state, d.attempts,
        d.nextAttemptAt, d.lastError, d.lastHTTPStatus, d.deliveredAt, d.deadAt, d.createdAt
        """

    /// Decodes a row selecting `postgresColumns`.
    init(postgresRow row: PostgresRow, location: String) throws {
        let (id, eventID, eventType, projectKey, sink, rule, template, groupKey, state, attempts) =
            try row.decode((Int64, String, String, String, String, String?, String?, String?, String, Int).self)
        let cells = Array(row)
        let (nextAttemptAt, lastError, lastHTTPStatus, deliveredAt, deadAt, createdAt) = try (
            cells[10].decode(Int64.self), cells[11].decode(String?.self), cells[12].decode(Int?.self),
            cells[13].decode(Int64?.self), cells[14].decode(Int64?.self), cells[15].decode(Int64.self)
        )
        guard let decodedState = DeliveryState(rawValue: state) else {
            throw StateStoreError.corrupt(path: location, message: "unknown delivery state \"\(state)\"")
        }
        self.init(
            id: id,
            eventID: eventID,
            eventType: eventType,
            projectKey: projectKey,
            sink: sink,
            rule: rule,
            template: template,
            groupKey: groupKey,
            state: decodedState,
            attempts: attempts,
            nextAttemptAt: Date(storeMillis: nextAttemptAt),
            lastError: lastError,
            lastHTTPStatus: lastHTTPStatus,
            deliveredAt: deliveredAt.map(Date.init(storeMillis:)),
            deadAt: deadAt.map(Date.init(storeMillis:)),
            createdAt: Date(storeMillis: createdAt)
        )
    }
}
