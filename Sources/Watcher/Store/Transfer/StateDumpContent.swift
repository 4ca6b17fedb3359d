/// A state export read and checked in full (`StateDumpReader`), ready for a store to import in one transaction.
struct StateDumpContent: Sendable {
    /// The schema (migration identifiers) of the state it was exported from.
    var schema: [String]
    /// Each table's rows, in `StateDump.tables` order; each row's values in its table's column order.
    var tables: [TableRows]

    /// One table's rows.
    struct TableRows: Sendable {
        /// The table.
        var table: StateDump.Table
        /// Its rows, each in the table's column order.
        var rows: [[StateDumpValue]]
    }

    /// The row count of each table, in `StateDump.tables` order.
    var counts: [(table: String, rows: Int)] {
        tables.map { ($0.table.name, $0.rows.count) }
    }

    /// How many rows in all.
    var totalRows: Int { tables.reduce(0) { $0 + $1.rows.count } }

    /// A one-line summary for people: `3 projects, 120 events, 240 deliveries (1204 rows in all)`.
    var summary: String {
        let rows = Dictionary(uniqueKeysWithValues: counts.map { ($0.table, $0.rows) })
        func count(_ table: String, _ one: String, _ many: String) -> String {
            let n = rows[table] ?? 0
            return "\(n) \(n == 1 ? one : many)"
        }
        let parts = [
            count("project", "project", "projects"), count("event", "event", "events"),
            count("delivery", "delivery", "deliveries"),
        ]
        return parts.joined(separator: ", ") + " (\(totalRows) rows in all)"
    }
}
