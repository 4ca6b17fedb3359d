import ArgumentParser

/// The `glwatch` root command: watches GitLab projects and notifies people of what changed.
///
/// Started by the `glwatch` executable's `main.swift`; development commands (benchmarks, soak, crash writers)
/// live in `glwatch-dev` under Tests/, not here.
package struct GLWatch: AsyncParsableCommand {
    /// The command line: name, help text, version and the subcommands users run.
    package static let configuration = CommandConfiguration(
        commandName: "glwatch",
        abstract: "Watch GitLab projects and notify people of new commits, contributors, force-pushes and branches.",
        discussion: """
            glwatch polls GitLab's REST API (no webhook access needed), keeps its state in SQLite (or in \
            PostgreSQL, shared by several replicas) and delivers rule-matched notifications to stdout, signed \
            webhooks and chat-ops services.

            New here? Run `glwatch demo` to watch a built-in fake GitLab, no token or network needed.

            Shell completion: `glwatch --generate-completion-script bash > /etc/bash_completion.d/glwatch` \
            (also zsh and fish; see docs/commands.md).
            """,
        version: GLWatchVersion.current,
        subcommands: [
            DemoCommand.self, RunCommand.self, OnceCommand.self, CheckCommand.self, InitCommand.self,
            SchemaCommand.self, StatusCommand.self, HistoryCommand.self, DeliveriesCommand.self, ReplayCommand.self,
            TestRuleCommand.self, HooksCommand.self, MigrateCommand.self, StateCommand.self,
        ]
    )

    /// ArgumentParser's entry point needs an accessible initializer.
    package init() {}
}
