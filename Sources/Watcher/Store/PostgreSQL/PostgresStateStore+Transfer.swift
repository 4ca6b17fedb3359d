import Foundation
import Logging
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

    /// Writes the whole state of the database `configuration` names as a state export (`StateDump`), line by
    /// line (without newlines) to `line`, from one REPEATABLE READ READ ONLY snapshot on one short connection:
    /// no lock, no migration, no lease, safe beside running replicas.
    ///
    /// - Returns: how many rows were written.
    /// - Throws: `StateStoreError` — `.schemaNeedsMigration` when migrations are pending (`glwatch migrate`
    ///   first), `.newerSchema`, `.databaseUnreachable` naming the host (never the password); what `line` throws.
    package static func exportState(
        _ configuration: PostgresStoreConfiguration,
        logger: Logger,
        to line: (String) throws -> Void
    ) async throws -> Int {
        let location = configuration.location
        let status = try await migrationStatus(configuration, logger: logger)
        guard status.pending.isEmpty else {
            throw StateStoreError.schemaNeedsMigration(path: location, pendingMigrations: status.pending)
        }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try configuration.connectionConfiguration(),
                id: 0,
                logger: logger
            )
        } catch {
            throw StateStoreError.mapping(error, location: location)
        }
        do {
            let rows = try await transaction(
                "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
                on: connection,
                logger: logger
            ) {
                connection in
                var dump = StateDumpWriter()
                try line(dump.header(schema: status.applied))
                for table in StateDump.tables {
                    let columns = table.columns.map(\.name).joined(separator: ", ")
                    let rows = try await connection.query(
                        PostgresQuery(unsafeSQL: "SELECT \(columns) FROM \(table.name) ORDER BY \(table.orderBy)"),
                        logger: logger
                    )
                    for try await row in rows {
                        var values: [StateDumpValue] = []
                        for (cell, column) in zip(row, table.columns) {
                            values.append(try dumpValue(cell, kind: column.kind))
                        }
                        try line(dump.row(table, values))
                    }
                }
                try line(dump.end())
                return dump.rowsWritten
            }
            try? await connection.close()
            return rows
        } catch {
            try? await connection.close()
            throw StateStoreError.mapping(error, location: location)
        }
    }

    /// A cell as a column of `kind` exports it.
    private static func dumpValue(_ cell: PostgresCell, kind: StateDump.Kind) throws -> StateDumpValue {
        switch kind {
        case .integer: return try cell.decode(Int64?.self).map(StateDumpValue.integer) ?? .null
        case .text: return try cell.decode(String?.self).map(StateDumpValue.text) ?? .null
        case .bytes: return try cell.decode(Data?.self).map(StateDumpValue.bytes) ?? .null
        case .flag: return try cell.decode(Bool?.self).map(StateDumpValue.flag) ?? .null
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
