import Foundation
import GRDB

extension SQLiteStateStore {
    /// Writes the whole state as a state export (`StateDump`), line by line (without newlines) to `line`, from one
    /// read transaction: a consistent snapshot even beside a running watcher.
    ///
    /// - Returns: how many rows were written.
    /// - Throws: `StateStoreError`, `StateDumpError.unexpectedValue` for a value the format cannot carry, or what
    ///   `line` throws.
    func exportState(to line: (String) throws -> Void) throws -> Int {
        let path = self.path
        do {
            return try writer.read { db in
                var dump = StateDumpWriter()
                try line(dump.header(schema: try StoreMigrations.migrator.appliedMigrations(db)))
                for table in StateDump.tables {
                    let columns = table.columns.map(\.name).joined(separator: ", ")
                    let rows = try Row.fetchCursor(
                        db,
                        sql: "SELECT \(columns) FROM \(table.name) ORDER BY \(table.orderBy)"
                    )
                    while let row = try rows.next() {
                        let values = try table.columns.enumerated().map { index, column in
                            guard let value = Self.dumpValue(row[index] as DatabaseValue, kind: column.kind) else {
                                throw StateDumpError.unexpectedValue(
                                    location: path,
                                    table: table.name,
                                    column: column.name
                                )
                            }
                            return value
                        }
                        try line(dump.row(table, values))
                    }
                }
                try line(dump.end())
                return dump.rowsWritten
            }
        } catch {
            throw StateStoreError.mapping(error, path: path)
        }
    }

    /// Writes every row of `content` into this store in one transaction, keys included.
    ///
    /// - Throws: `StateDumpError.targetNotEmpty` (nothing written) when any of the exported tables has rows;
    ///   `StateStoreError`.
    func importState(_ content: StateDumpContent) async throws {
        let path = self.path
        try await write { db in
            var held: [StateDumpError.TableCount] = []
            for table in StateDump.tables {
                let rows = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.name)") ?? 0
                if rows > 0 { held.append(.init(table: table.name, rows: rows)) }
            }
            guard held.isEmpty else { throw StateDumpError.targetNotEmpty(location: path, rows: held) }
            for part in content.tables where !part.rows.isEmpty {
                let columns = part.table.columns.map(\.name)
                let statement = try db.makeStatement(
                    sql: "INSERT INTO \(part.table.name) (\(columns.joined(separator: ", "))) VALUES ("
                        + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
                )
                for row in part.rows {
                    try statement.execute(arguments: StatementArguments(row.map(\.databaseValue)))
                }
            }
        }
    }

    /// A stored value as a column of `kind` exports it, or `nil` when SQLite holds another type.
    private static func dumpValue(_ value: DatabaseValue, kind: StateDump.Kind) -> StateDumpValue? {
        switch (kind, value.storage) {
        case (_, .null): return .null
        case (.integer, .int64(let number)): return .integer(number)
        case (.flag, .int64(let number)): return .flag(number != 0)
        case (.text, .string(let text)): return .text(text)
        case (.bytes, .blob(let bytes)): return .bytes(bytes)
        default: return nil
        }
    }
}

extension StateDumpValue {
    /// The value as SQLite stores it (a flag as 0 or 1).
    var databaseValue: DatabaseValue {
        switch self {
        case .null: return .null
        case .integer(let number): return number.databaseValue
        case .text(let text): return text.databaseValue
        case .bytes(let bytes): return bytes.databaseValue
        case .flag(let flag): return (flag ? 1 : 0).databaseValue
        }
    }
}
