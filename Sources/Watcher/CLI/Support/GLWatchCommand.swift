import ArgumentParser

/// A glwatch subcommand whose work takes a `CommandContext`, so tests can run it without touching the process's
/// output, clock or environment.
protocol GLWatchCommand: AsyncParsableCommand {
    /// Does the command's work against `context`.
    func execute(in context: CommandContext) async throws
}

extension GLWatchCommand {
    /// Runs the command against the live context.
    func run() async throws {
        try await execute(in: .live())
    }
}
