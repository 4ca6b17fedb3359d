import Foundation
import PostgresNIO

extension PostgresStateStore {
    /// Rows per INSERT statement of an import (well under PostgreSQL's 65,535 bound parameters).
    static let importBatch = 500

    /// Writes every row of `content` into this database in one transaction, keys included, then moves each
    /// identity sequence past the imported keys (new events and deliveries queue behind the imported ones).
    ///
    /// Runs under the migrations' advisory lock, so two imports cannot interleave.
    ///
    /// - Throws: `StateDumpError.targetNotEmpty` or `.replicasRunning` (nothing written); `StateStoreError`.
    func importState(_ content: StateDumpContent, now: Date) async throws {
        let (logger, location) = (self.logger, self.location)
        try await write { connection in
            try await connection.run("SELECT pg_advisory_xact_lock(\(Self.migrationLockKey))", logger: logger)
            let live =
                try await connection.rows(
                    "SELECT COUNT(*) FROM replica WHERE expiresAt > \(now.storeMillis)",
                    logger: logger
                ).first?.decode(Int.self) ?? 0
            guard live == 0 else { throw StateDumpError.replicasRunning(location: location, count: live) }
            var held: [StateDumpError.TableCount] = []
            for table in StateDump.tables {
                let rows =
                    try await connection.rows(
                        PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM \(table.name)"),
                        logger: logger
                    ).first?.decode(Int.self) ?? 0
                if rows > 0 { held.append(.init(table: table.name, rows: rows)) }
            }
            guard held.isEmpty else { throw StateDumpError.targetNotEmpty(location: location, rows: held) }

            for part in content.tables {
                var start = 0
                while start < part.rows.count {
                    let batch = part.rows[start..<min(start + Self.importBatch, part.rows.count)]
                    try await connection.run(try Self.insert(batch, into: part.table), logger: logger)
                    start += batch.count
                }
                if let key = part.table.generatedKey {
                    // Table and column names are the format's own constants, never the file's.
                    try await connection.run(
                        PostgresQuery(
                            unsafeSQL: """
                                SELECT setval(pg_get_serial_sequence('\(part.table.name)', '\(key.lowercased())'),
                                    (SELECT COALESCE(MAX(\(key)), 0) + 1 FROM \(part.table.name)), false)
                                """
                        ),
                        logger: logger
                    )
                }
            }
        }
    }

    /// One multi-row INSERT of `rows` into `table`, every value a bound parameter.
    private static func insert(
        _ rows: ArraySlice<[StateDumpValue]>,
        into table: StateDump.Table
    ) throws -> PostgresQuery {
        var bindings = PostgresBindings(capacity: rows.count * table.columns.count)
        var tuples: [String] = []
        tuples.reserveCapacity(rows.count)
        for row in rows {
            var placeholders: [String] = []
            for value in row {
                switch value {
                case .null: bindings.appendNull()
                case .integer(let number): bindings.append(number)
                case .text(let text): bindings.append(text)
                case .bytes(let bytes): try bindings.append(bytes)
                case .flag(let flag): bindings.append(flag)
                }
                placeholders.append("$\(bindings.count)")
            }
            tuples.append("(" + placeholders.joined(separator: ", ") + ")")
        }
        let columns = table.columns.map(\.name).joined(separator: ", ")
        return PostgresQuery(
            unsafeSQL: "INSERT INTO \(table.name) (\(columns)) VALUES " + tuples.joined(separator: ", "),
            binds: bindings
        )
    }
}
