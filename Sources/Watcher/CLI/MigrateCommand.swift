import ArgumentParser
import Logging

/// `glwatch migrate`: brings the state's schema up to this glwatch's version, then exits.
struct MigrateCommand: GLWatchCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending schema migrations to the state (SQLite or PostgreSQL), then exit.",
        discussion: """
            Opens the configured state — the PostgreSQL database of `state.postgres`, else the SQLite file — \
            applies the migrations this glwatch has and the state lacks, prints them, and exits. `glwatch run` \
            does the same on start; running it first separates the upgrade from the restart. On PostgreSQL the \
            migrations run once, under the lock the replicas use, however many start together; no project lease \
            is taken. A state written by a newer glwatch is refused, untouched.

            `--check` lists the pending migrations without applying them and exits with status 1 when there are \
            some (0 when up to date): a check before an upgrade. Examples:

              glwatch migrate --check --config /etc/glwatch/config.yml
              glwatch migrate --state /var/lib/glwatch/state.db
            """
    )

    @OptionGroup var stateOptions: StateOptions

    @Flag(
        name: [.customLong("check"), .customLong("dry-run")],
        help: "List pending migrations without applying them; exit with status 1 when there are some."
    )
    var check = false

    func execute(in context: CommandContext) async throws {
        let target = try ConfiguredState.resolve(stateOptions, in: context)
        let logger = Logger(label: "glwatch.migrate")
        let status = try await target.migrationStatus(logger: logger)
        if status.pending.isEmpty {
            try context.print("\(target.name) is already up to date (\(Self.latest(status.applied)))")
            return
        }
        if check {
            try context.print(
                "\(target.name) has \(Self.count(status.pending)) pending (`glwatch migrate` applies "
                    + "\(status.pending.count == 1 ? "it" : "them")):"
            )
            for identifier in status.pending { try context.print("  \(identifier)") }
            throw ExitCode(1)
        }
        let applied = try await target.withStore(action: "migrating the state", logger: logger) { store in
            try await store.appliedMigrations()
        }
        let ran = applied.filter { !status.applied.contains($0) }
        try context.print("\(target.name): applied \(Self.count(ran))\(ran.isEmpty ? "" : ":")")
        for identifier in ran { try context.print("  \(identifier)") }
    }

    /// `1 migration`, `3 migrations`.
    private static func count(_ identifiers: [String]) -> String {
        "\(identifiers.count) migration\(identifiers.count == 1 ? "" : "s")"
    }

    /// `5 migrations, the latest v5-project-last-hook`.
    private static func latest(_ applied: [String]) -> String {
        count(applied) + (applied.last.map { ", the latest \($0)" } ?? "")
    }
}
