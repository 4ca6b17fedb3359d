/// Writes a state export (`StateDump`) line by line: the header, each row, the end line with the row counts.
///
/// Each method returns one line without its newline; `StateDumpWriter` counts the rows it wrote so the end line
/// agrees with them.
struct StateDumpWriter {
    private var counts: [String: Int] = [:]

    /// Creates a writer with no rows written.
    init() {}

    /// The first line: format, version and the source's `schema` (its applied migrations).
    func header(schema: [String]) -> String {
        "{\"format\":\(StateDumpValue.jsonString(StateDump.format)),\"version\":\(StateDump.version),\"schema\":["
            + schema.map(StateDumpValue.jsonString).joined(separator: ",") + "]}"
    }

    /// One row of `table`, its `values` in the table's column order.
    mutating func row(_ table: StateDump.Table, _ values: [StateDumpValue]) -> String {
        counts[table.name, default: 0] += 1
        let fields = zip(table.columns, values).map { column, value in
            StateDumpValue.jsonString(column.name) + ":" + value.json
        }
        return "{\"table\":\(StateDumpValue.jsonString(table.name)),\"row\":{" + fields.joined(separator: ",") + "}}"
    }

    /// The last line: how many rows of each table were written.
    func end() -> String {
        let fields = StateDump.tables.map { StateDumpValue.jsonString($0.name) + ":" + String(counts[$0.name] ?? 0) }
        return "{\"end\":{" + fields.joined(separator: ",") + "}}"
    }

    /// How many rows were written in all.
    var rowsWritten: Int { counts.values.reduce(0, +) }
}
