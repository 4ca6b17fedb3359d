import Foundation
import GRDB
import Notifier

extension ProjectRecord {
    /// Decodes a `project` row.
    init(storeRow row: Row, path: String) throws {
        let status: String = row["status"]
        guard let decoded = ProjectStatus(rawValue: status) else {
            throw StateStoreError.corrupt(path: path, message: "unknown project status \"\(status)\"")
        }
        self.init(
            key: ProjectKey(instance: row["instance"], id: row["gitlabId"]),
            path: row["path"],
            status: decoded,
            lastPollAt: (row["lastPollAt"] as Int64?).map(Date.init(storeMillis:)),
            lastSuccessAt: (row["lastSuccessAt"] as Int64?).map(Date.init(storeMillis:)),
            consecutiveFailures: row["consecutiveFailures"],
            lastError: row["lastError"],
            lastHookAt: (row["lastHookAt"] as Int64?).map(Date.init(storeMillis:))
        )
    }
}

extension DeliveryState {
    /// Decodes a delivery's `state` column.
    init(storeValue: String, path: String) throws {
        guard let state = DeliveryState(rawValue: storeValue) else {
            throw StateStoreError.corrupt(path: path, message: "unknown delivery state \"\(storeValue)\"")
        }
        self = state
    }
}

extension OutboxEvent {
    /// The columns `init(storeRow:)` reads, from `event` aliased `e`.
    static let storeColumns = """
        e.id AS eventId, e.type AS eventType, e.projectKey AS eventProjectKey, e.branch AS eventBranch,
        e.payload AS eventPayload, e.createdAt AS eventCreatedAt
        """

    /// Decodes an event from a row selecting `storeColumns`.
    init(storeRow row: Row) {
        self.init(
            id: row["eventId"],
            type: row["eventType"],
            projectKey: row["eventProjectKey"],
            branch: row["eventBranch"],
            payload: row["eventPayload"],
            createdAt: Date(storeMillis: row["eventCreatedAt"])
        )
    }
}

extension DeliveryRecord {
    /// The columns `init(storeRow:path:)` reads, from `delivery` aliased `d` joined with `event` aliased `e`.
    static let storeColumns = """
        d.id, e.id AS eventId, e.type AS eventType, d.projectKey, d.sink, d.rule, d.template, d.groupKey, d.state,
        d.attempts,
        d.nextAttemptAt, d.lastError, d.lastHTTPStatus, d.deliveredAt, d.deadAt, d.createdAt
        """

    /// Decodes a delivery from a row selecting `storeColumns`.
    init(storeRow row: Row, path: String) throws {
        self.init(
            id: row["id"],
            eventID: row["eventId"],
            eventType: row["eventType"],
            projectKey: row["projectKey"],
            sink: row["sink"],
            rule: row["rule"],
            template: row["template"],
            groupKey: row["groupKey"],
            state: try DeliveryState(storeValue: row["state"], path: path),
            attempts: row["attempts"],
            nextAttemptAt: Date(storeMillis: row["nextAttemptAt"]),
            lastError: row["lastError"],
            lastHTTPStatus: row["lastHTTPStatus"],
            deliveredAt: (row["deliveredAt"] as Int64?).map(Date.init(storeMillis:)),
            deadAt: (row["deadAt"] as Int64?).map(Date.init(storeMillis:)),
            createdAt: Date(storeMillis: row["createdAt"])
        )
    }
}
