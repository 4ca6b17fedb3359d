import ArgumentParser
import Foundation

/// `--state PATH`: which state database a command reads or changes.
///
/// Without it, the default is `$XDG_STATE_HOME/glwatch/state.db`, or `~/.local/state/glwatch/state.db` when
/// `XDG_STATE_HOME` is unset — the same file `glwatch run` uses by default.
struct StateOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The state database (default: $XDG_STATE_HOME/glwatch/state.db).",
            valueName: "path"
        ),
        completion: .file(extensions: ["db"])
    )
    var state: String?

    /// The state path: `--state`, else the default under `XDG_STATE_HOME` (or `~/.local/state`).
    func resolvedPath(in context: CommandContext) -> String {
        if let state { return state }
        return Self.defaultPath(in: context)
    }

    /// `$XDG_STATE_HOME/glwatch/state.db`, or `$HOME/.local/state/glwatch/state.db`.
    static func defaultPath(in context: CommandContext) -> String {
        let environment = context.environment
        if let xdg = environment.variable(named: "XDG_STATE_HOME"), xdg.hasPrefix("/") {
            return xdg + "/glwatch/state.db"
        }
        let home = environment.variable(named: "HOME") ?? NSHomeDirectory()
        return home + "/.local/state/glwatch/state.db"
    }
}
