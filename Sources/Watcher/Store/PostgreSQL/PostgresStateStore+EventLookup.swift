import Foundation
import Notifier
import PostgresNIO

extension PostgresStateStore: EventLookup {
    /// The ids of stored events starting with `prefix`, as a range on the `event.id` unique index (`COLLATE "C"`
    /// makes the range bytewise, as in SQLite).
    func eventIDs(withPrefix prefix: String, limit: Int) async throws -> [String] {
        guard !prefix.isEmpty, prefix.allSatisfy(\.isHexDigit) else { return [] }
        let lower = prefix.lowercased()
        let upper = lower + "\u{FFFF}"
        let logger = self.logger
        return try await read { connection in
            try await connection.rows(
                "SELECT id FROM event WHERE id >= \(lower) AND id < \(upper) ORDER BY id LIMIT \(max(0, limit))",
                logger: logger
            ).map { try $0.decode(String.self) }
        }
    }

    /// The stored event with this id and its deliveries.
    func storedEvent(id: String) async throws -> StoredEvent? {
        let logger = self.logger
        let location = self.location
        return try await read { connection in
            guard
                let row = try await connection.rows(
                    "SELECT e.seq, \(unescaped: OutboxEvent.postgresColumns) FROM event e WHERE e.id = \(id)",
                    logger: logger
                ).first
            else { return nil }
            let seq = try row.decode(Int64.self)
            return StoredEvent(
                event: try OutboxEvent(postgresRow: row, from: 1),
                deliveries: try await Self.deliveries(ofEvent: seq, on: connection, logger: logger, location: location)
            )
        }
    }
}
