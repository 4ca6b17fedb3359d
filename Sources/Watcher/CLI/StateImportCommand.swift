import ArgumentParser
import Foundation
import Logging

/// `glwatch state import`: reads a state export (`StateDump`) into the configured, empty store.
struct StateImportCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a state export into the configured store, which must be empty (SQLite to PostgreSQL).",
        discussion: """
            Reads the whole file first and checks it (format version, every row, the row counts of its last \
            line: a file cut short is refused), then writes it into the configured state — the PostgreSQL \
            database of `state.postgres`, else the SQLite file — in one transaction, creating or migrating its \
            schema first. Event ids, delivery order, states and attempt counts are kept: nothing is announced \
            twice and nothing waiting is lost. The store must be empty (the command says what it holds \
            otherwise), and no `glwatch run` may be running on it. Example:

              glwatch state import --config /etc/glwatch/config.yml glwatch-state.jsonl
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Argument(
        help: ArgumentHelp("The export to read, or `-` for standard input.", valueName: "file"),
        completion: .file()
    )
    var file: String = "-"

    func execute(in context: CommandContext) async throws {
        let target = try ConfiguredState.resolve(stateOptions, in: context)
        let source = file == "-" ? "standard input" : file
        let handle = file == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: file)
        guard let handle else { throw CLIError("cannot read \(source): no such file, or not readable") }
        defer { if file != "-" { try? handle.close() } }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw CLIError("cannot read \(source): \(error.localizedDescription)")
        }
        let content: StateDumpContent
        do {
            content = try StateDumpReader.read(data, source: source)
        } catch let error as StateDumpError {
            throw CLIError(error.description)
        }
        let now = context.now()
        try await target.withStore(action: "importing a state", logger: Logger(label: "glwatch.state.import")) {
            try await $0.importState(content, now: now)
        }
        try context.print("imported \(content.summary) into \(target.name)")
    }
}
