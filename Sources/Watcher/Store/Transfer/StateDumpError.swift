/// Why a state export could not be read, or could not be imported.
///
/// Messages name the file and line (or the database, never its password); text taken from the file is quoted
/// and escaped (`displayable`), so a hostile file cannot write to the terminal.
enum StateDumpError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The first line is not a `glwatch-state` header.
    case notAStateExport(source: String)
    /// The file's format version is newer than this build reads.
    case newerFormat(source: String, version: Int)
    /// The file was exported from a state with migrations this build does not know.
    case newerSchema(source: String, unknownMigrations: [String])
    /// A line is not what the format allows.
    case malformed(source: String, line: Int, reason: String)
    /// The file ends before its end line (an interrupted export or copy).
    case truncated(source: String, line: Int)
    /// The target store already holds state.
    case targetNotEmpty(location: String, rows: [TableCount])
    /// glwatch replicas are running on the target database.
    case replicasRunning(location: String, count: Int)
    /// The source state holds a value the format cannot carry (a hand-edited SQLite file).
    case unexpectedValue(location: String, table: String, column: String)

    /// A table's row count, for messages.
    struct TableCount: Sendable, Hashable {
        /// The table.
        var table: String
        /// How many rows it has.
        var rows: Int
    }

    var description: String {
        switch self {
        case .notAStateExport(let source):
            return "\(source) is not a glwatch state export (its first line is not a \(StateDump.format) header)"
        case .newerFormat(let source, let version):
            return
                "\(source) is in state export format version \(version), newer than this glwatch reads "
                + "(\(StateDump.version)): import it with a glwatch at least as new as the one that exported it"
        case .newerSchema(let source, let unknown):
            return
                "\(source) was exported by a newer glwatch (unknown migrations: "
                + unknown.map(Self.displayable).joined(separator: ", ")
                + "): import it with a glwatch at least as new as the one that exported it"
        case .malformed(let source, let line, let reason):
            return "\(source), line \(line): \(reason); nothing was imported"
        case .truncated(let source, let line):
            return
                "\(source) is cut short after line \(line) (no end line: was the export or the copy interrupted?); "
                + "nothing was imported — export again"
        case .targetNotEmpty(let location, let rows):
            let held = rows.map { "\($0.rows) \($0.table) row\($0.rows == 1 ? "" : "s")" }.joined(separator: ", ")
            return
                "glwatch state \(location) is not empty (it holds \(held)); nothing was imported — import into an "
                + "empty state: a new database (or a dropped and re-created one), or a new state file"
        case .replicasRunning(let location, let count):
            return
                "\(count) glwatch replica\(count == 1 ? " is" : "s are") running on \(location); nothing was "
                + "imported — stop every `glwatch run` on it first"
        case .unexpectedValue(let location, let table, let column):
            return
                "glwatch state \(location) holds a value of an unexpected type in \(table).\(column); nothing was "
                + "exported (was the file edited by hand?)"
        }
    }

    /// `text` from a file, quoted and escaped, at most 60 characters: safe to print.
    static func displayable(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return short.debugDescription
    }
}
