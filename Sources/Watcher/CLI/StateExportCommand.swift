import ArgumentParser
import Foundation
import Logging

/// `glwatch state export`: writes the configured state (SQLite or PostgreSQL) as a state export (`StateDump`).
struct StateExportCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the whole state (projects, heads, events, deliveries, …) as JSON lines.",
        discussion: """
            Reads the configured state — `--state PATH` (SQLite), else the PostgreSQL database of the config's \
            `state.postgres`, else its `state.path` — read-only, in one snapshot, and writes every table \
            (projects, branch heads, contributors, reported commits, watch starts, tags, events with their ids, \
            deliveries with their states and attempts) as one JSON object per line (format `glwatch-state`, version 1), to standard output or `--output FILE` (mode \
            0600, written whole or not at all). `glwatch state import` reads it.

            Stop `glwatch run` first when moving the state: what it sends after the export would be sent again \
            from the imported copy. Example:

              glwatch state export --state /var/lib/glwatch/state.db --output glwatch-state.jsonl
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"),
        completion: .file()
    )
    var output: String?

    func execute(in context: CommandContext) async throws {
        let source = try ConfiguredState.resolve(stateOptions, in: context)
        let rows: Int
        if let output {
            rows = try await Self.export(source, toFile: output)
        } else {
            var buffer = ""
            rows = try await Self.export(source) { line in
                buffer += line + "\n"
                if buffer.utf8.count >= 1 << 20 {
                    try context.output.write(buffer)
                    buffer = ""
                }
            }
            if !buffer.isEmpty { try context.output.write(buffer) }
        }
        context.warn("exported \(rows) rows from \(source.name)\(output.map { " to \($0)" } ?? "")")
    }

    /// Exports into `path` through a temporary file beside it, renamed into place once complete.
    private static func export(_ source: ConfiguredState, toFile path: String) async throws -> Int {
        let partial = path + ".partial"
        guard FileManager.default.createFile(atPath: partial, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: partial)
        else {
            throw CLIError("cannot write \(partial): check the directory exists and is writable")
        }
        do {
            var buffer = Data()
            let rows = try await export(source) { line in
                buffer.append(contentsOf: Array(line.utf8))
                buffer.append(UInt8(ascii: "\n"))
                if buffer.count >= 1 << 20 {
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: buffer)
            try handle.synchronize()
            try handle.close()
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
            return rows
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: partial)
            if let error = error as? CLIError { throw error }
            throw CLIError("cannot write \(path): \(error)")
        }
    }

    /// Runs the export of `source` (SQLite read-only; PostgreSQL on one read-only snapshot), turning its errors
    /// into `CLIError`s.
    private static func export(_ source: ConfiguredState, line: (String) throws -> Void) async throws -> Int {
        do {
            switch source {
            case .sqlite(let path):
                let store = try StateAccess.openForReading(path)
                defer { try? store.close() }
                return try store.exportState(to: line)
            case .postgres(let configuration):
                return try await PostgresStateStore.exportState(
                    configuration,
                    logger: Logger(label: "glwatch.state.export"),
                    to: line
                )
            }
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        } catch let error as StateDumpError {
            throw CLIError(error.description)
        }
    }
}
