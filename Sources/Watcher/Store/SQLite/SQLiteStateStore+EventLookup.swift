import Foundation
import GRDB
import Notifier

extension SQLiteStateStore: EventLookup {
    /// The ids of stored events starting with `prefix`, through the `event.id` unique index (a range scan).
    func eventIDs(withPrefix prefix: String, limit: Int) async throws -> [String] {
        guard !prefix.isEmpty, prefix.allSatisfy(\.isHexDigit) else { return [] }
        let lower = prefix.lowercased()
        return try await read { db in
            // `id >= prefix AND id < prefix + U+FFFF`: a range on the index, unlike LIKE (case-insensitive).
            try String.fetchAll(
                db,
                sql: "SELECT id FROM event WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
                arguments: [lower, lower + "\u{FFFF}", max(0, limit)]
            )
        }
    }

    /// The stored event with this id and its deliveries.
    func storedEvent(id: String) async throws -> StoredEvent? {
        let path = self.path
        return try await read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT e.seq, \(OutboxEvent.storeColumns) FROM event e WHERE e.id = ?",
                    arguments: [id]
                )
            else { return nil }
            let deliveries = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(DeliveryRecord.storeColumns) FROM delivery d JOIN event e ON e.seq = d.eventSeq
                    WHERE d.eventSeq = ? ORDER BY d.id
                    """,
                arguments: [row["seq"] as Int64]
            ).map { try DeliveryRecord(storeRow: $0, path: path) }
            return StoredEvent(event: OutboxEvent(storeRow: row), deliveries: deliveries)
        }
    }
}
