import Foundation

extension WatchEvent {
    /// The event as the store's outbox keeps it: id, type, ordering key, branch and JSON payload.
    ///
    /// - parameter createdAt: When the event is recorded; defaults to `occurredAt`.
    public func outboxEvent(createdAt: Date? = nil) throws -> OutboxEvent {
        OutboxEvent(
            id: id,
            type: type.rawValue,
            projectKey: project.key,
            branch: branch,
            payload: try jsonData(),
            createdAt: createdAt ?? occurredAt
        )
    }

    /// Decodes the event an outbox row holds.
    public init(outbox: OutboxEvent) throws {
        self = try WatchEvent.decode(json: outbox.payload)
    }
}
