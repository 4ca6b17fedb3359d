import Foundation

/// Reads and checks a whole state export (`StateDump`) before anything is imported: the header's format and
/// version, every row against its table's columns, and the end line's counts against the rows read.
///
/// - Throws: `StateDumpError` naming `source` and the line: not an export, a newer format or schema, a malformed
///   line (unknown table or column, a value of the wrong kind, a missing non-null value), a file cut short.
enum StateDumpReader {
    /// One line of the file, whichever kind it is.
    private struct Line: Decodable {
        var format: String?
        var version: Int?
        var schema: [String]?
        var table: String?
        var row: [String: StateDumpJSONScalar]?
        var end: [String: Int]?
    }

    /// Reads the export in `data`; `source` names it in errors (a path, or "standard input").
    static func read(_ data: Data, source: String) throws -> StateDumpContent {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = lines.last?.isEmpty == true
        if endsWithNewline { lines.removeLast() }
        let decoder = JSONDecoder()
        func decode(_ index: Int) throws -> Line {
            do {
                return try decoder.decode(Line.self, from: Data(lines[index]))
            } catch {
                // An unfinished last line is a file cut short, not a damaged one.
                if index == lines.count - 1, !endsWithNewline {
                    throw StateDumpError.truncated(source: source, line: index)
                }
                throw StateDumpError.malformed(source: source, line: index + 1, reason: "not a JSON object")
            }
        }

        guard !lines.isEmpty, let header = try? decode(0), header.format == StateDump.format else {
            throw StateDumpError.notAStateExport(source: source)
        }
        guard let version = header.version, version >= 1 else {
            throw StateDumpError.malformed(source: source, line: 1, reason: "the header has no format version")
        }
        guard version <= StateDump.version else { throw StateDumpError.newerFormat(source: source, version: version) }
        guard let schema = header.schema else {
            throw StateDumpError.malformed(source: source, line: 1, reason: "the header has no schema")
        }
        let unknown = schema.filter { !StateDump.knownMigrations.contains($0) }
        guard unknown.isEmpty else { throw StateDumpError.newerSchema(source: source, unknownMigrations: unknown) }

        var rows: [String: [[StateDumpValue]]] = [:]
        for index in 1..<lines.count {
            let number = index + 1
            let line = try decode(index)
            if let end = line.end {
                guard number == lines.count else {
                    throw StateDumpError.malformed(
                        source: source,
                        line: number + 1,
                        reason: "a line after the end line"
                    )
                }
                try check(end, against: rows, source: source, line: number)
                return StateDumpContent(
                    schema: schema,
                    tables: StateDump.tables.map { .init(table: $0, rows: rows[$0.name] ?? []) }
                )
            }
            guard let name = line.table, let row = line.row else {
                throw StateDumpError.malformed(source: source, line: number, reason: "neither a row nor the end line")
            }
            guard let table = StateDump.table(named: name) else {
                throw StateDumpError.malformed(
                    source: source,
                    line: number,
                    reason: "unknown table \(StateDumpError.displayable(name))"
                )
            }
            do {
                rows[name, default: []].append(try values(of: row, in: table))
            } catch let reason as Reason {
                throw StateDumpError.malformed(source: source, line: number, reason: reason.text)
            }
        }
        throw StateDumpError.truncated(source: source, line: lines.count)
    }

    private struct Reason: Error {
        var text: String
    }

    /// The row's values in the table's column order, checked against each column's kind.
    private static func values(
        of row: [String: StateDumpJSONScalar],
        in table: StateDump.Table
    ) throws
        -> [StateDumpValue]
    {
        if let unknown = row.keys.sorted().first(where: { key in !table.columns.contains { $0.name == key } }) {
            throw Reason(text: "unknown column \(StateDumpError.displayable(unknown)) in table \(table.name)")
        }
        return try table.columns.map { column in
            let where_ = "\(table.name).\(column.name)"
            switch (column.kind, row[column.name] ?? .null) {
            case (_, .null):
                guard column.nullable else { throw Reason(text: "\(where_) is missing (it cannot be null)") }
                return .null
            case (.integer, .integer(let value)): return .integer(value)
            case (.text, .string(let value)): return .text(value)
            case (.flag, .bool(let value)): return .flag(value)
            case (.bytes, .string(let value)):
                guard let bytes = Data(base64Encoded: value) else { throw Reason(text: "\(where_) is not base64") }
                return .bytes(bytes)
            case (.integer, _): throw Reason(text: "\(where_) must be an integer")
            case (.text, _): throw Reason(text: "\(where_) must be a string")
            case (.flag, _): throw Reason(text: "\(where_) must be true or false")
            case (.bytes, _): throw Reason(text: "\(where_) must be a base64 string")
            }
        }
    }

    /// Throws unless the end line counts exactly the rows read, table by table.
    private static func check(
        _ end: [String: Int],
        against rows: [String: [[StateDumpValue]]],
        source: String,
        line: Int
    )
        throws
    {
        if let unknown = end.keys.sorted().first(where: { StateDump.table(named: $0) == nil }) {
            throw StateDumpError.malformed(
                source: source,
                line: line,
                reason: "the end line counts an unknown table \(StateDumpError.displayable(unknown))"
            )
        }
        for table in StateDump.tables {
            let read = rows[table.name]?.count ?? 0
            guard let expected = end[table.name], expected == read else {
                let expected = end[table.name].map(String.init) ?? "no"
                throw StateDumpError.malformed(
                    source: source,
                    line: line,
                    reason: "the end line counts \(expected) \(table.name) rows, the file has \(read) (lines lost?)"
                )
            }
        }
    }
}
