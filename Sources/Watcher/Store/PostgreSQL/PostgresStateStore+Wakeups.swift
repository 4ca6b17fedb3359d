import Foundation
import PostgresNIO

/// The replicas' wake-ups (`ReplicaWakeups`) over PostgreSQL's `LISTEN`/`NOTIFY` on one channel,
/// `glwatch_wake`, in the store's database.
///
/// A payload is `<kind> <replica id>` (`deliveries r1/4242/ab12cd34`), or `hint <JSON>` for a webhook's hint passed
/// on (`ForwardedHint`, whose JSON names the sender). `notify` runs inside the caller's transaction: PostgreSQL
/// delivers a notification only when that transaction commits (and drops it on a rollback), in commit order, once
/// per distinct payload per transaction.
extension PostgresStateStore: ReplicaWakeups {
    /// The channel every replica of a database listens on.
    static let wakeChannel = "glwatch_wake"

    package func listen(
        listening: @Sendable () -> Void, wake: @Sendable (ReplicaWake) -> Void,
        hint: @Sendable (ForwardedHint) -> Void
    ) async throws {
        let me = replicaID
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: connectionConfiguration, id: 2, logger: logger
            )
        } catch {
            if Task.isCancelled { return }
            throw StateStoreError.mapping(error, location: location)
        }
        do {
            try await connection.listen(on: Self.wakeChannel) { notifications in
                listening()
                // Ends (returns nil) when the task is cancelled; throws when the connection drops.
                for try await notification in notifications {
                    if let forwarded = Self.forwardedHint(fromPayload: notification.payload) {
                        if forwarded.sender != me { hint(forwarded) }
                        continue
                    }
                    guard let parsed = Self.wake(fromPayload: notification.payload), parsed.sender != me else {
                        continue
                    }
                    wake(parsed.0)
                }
            }
        } catch {
            try? await connection.close()
            if Task.isCancelled { return }
            throw StateStoreError.mapping(error, location: location)
        }
        try? await connection.close()
    }

    package func forward(_ hints: [ForwardedHint]) async throws {
        guard !hints.isEmpty else { return }
        let encoder = JSONEncoder()
        let payloads = try hints.map { Self.hintPrefix + String(decoding: try encoder.encode($0), as: UTF8.self) }
        let logger = self.logger
        try await write { connection in
            try await connection.run(
                "SELECT pg_notify(\(Self.wakeChannel), payload) FROM unnest(\(payloads)::text[]) AS p(payload)",
                logger: logger
            )
        }
    }

    /// What starts a forwarded hint's payload.
    static let hintPrefix = "hint "

    /// The hint a `hint <JSON>` payload carries, or `nil` for another payload (or one this glwatch cannot read).
    static func forwardedHint(fromPayload payload: String) -> ForwardedHint? {
        guard payload.hasPrefix(hintPrefix) else { return nil }
        return try? JSONDecoder().decode(ForwardedHint.self, from: Data(payload.dropFirst(hintPrefix.count).utf8))
    }

    /// Sends `kind` from `sender` to the other replicas when the transaction on `connection` commits.
    static func notify(_ kind: ReplicaWake, from sender: String, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        try await connection.run(
            "SELECT pg_notify(\(wakeChannel), \(kind.rawValue + " " + sender))", logger: logger
        )
    }

    /// A payload's kind and sender, or `nil` for one this glwatch does not know (a newer replica's).
    static func wake(fromPayload payload: String) -> (ReplicaWake, sender: String)? {
        guard let space = payload.firstIndex(of: " "), let kind = ReplicaWake(rawValue: String(payload[..<space]))
        else { return nil }
        return (kind, String(payload[payload.index(after: space)...]))
    }
}
