import ArgumentParser

/// `glwatch hooks`: instant mode's webhooks — what to paste into GitLab.
struct HooksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hooks",
        abstract: "Set up GitLab webhooks as hints that make glwatch poll a project at once (instant mode).",
        discussion: """
            With a `hooks:` section, `glwatch run` listens for GitLab's push, tag push and system hooks and \
            polls the project a hook names at once; polling stays the source of every event, so a lost hook \
            only costs latency. See docs/instant-mode.md.
            """,
        subcommands: [HooksURLCommand.self, HooksInstallCommand.self]
    )
}
