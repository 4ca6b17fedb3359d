import ArgumentParser

/// `glwatch state`: the whole state as a file, to move it from SQLite to PostgreSQL (or back).
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Export the state to a file, or import one into an empty store (SQLite to PostgreSQL).",
        discussion: """
            Moving from SQLite to PostgreSQL without losing or repeating a notification: stop glwatch, \
            `glwatch state export` the SQLite file, `glwatch state import` it into the empty PostgreSQL \
            database of `state.postgres`, then start the replicas. The way back is the same in reverse. See the \
            docs/state-and-replicas.md.
            """,
        subcommands: [StateExportCommand.self, StateImportCommand.self]
    )
}
