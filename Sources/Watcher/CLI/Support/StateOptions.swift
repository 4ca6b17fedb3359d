import ArgumentParser
import Foundation
import Notifier

/// `--state PATH` (and `--config FILE`): which state database a command reads or changes.
///
/// The state is `--state` when given; else the `state.path` of the config (`--config`, `$GLWATCH_CONFIG`,
/// `./glwatch.yml` or `~/.config/glwatch/config.yml`, the first that exists); else the default,
/// `$XDG_STATE_HOME/glwatch/state.db` (`~/.local/state/glwatch/state.db`) — the file `glwatch run` uses.
struct StateOptions: ParsableArguments {
    @OptionGroup var configOptions: ConfigOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite state database (default: the config's state: state.postgres, else state.path; else "
                + "$XDG_STATE_HOME/glwatch/state.db).",
            valueName: "path"
        ),
        completion: .file(extensions: ["db"])
    )
    var state: String?

    /// The state path: `--state`, else the config's, else the default.
    ///
    /// - throws: `CLIError` when a config is named (or found) but cannot be loaded.
    func resolvedPath(in context: CommandContext) throws -> String {
        try resolve(in: context).path
    }

    /// The state path and the config, when there is one (`--state` still wins over the config's path).
    ///
    /// With `--state` and no config named (`--config`, `$GLWATCH_CONFIG`), no config is read: a config in a
    /// default place that does not load (a variable unset in this shell) cannot get in the way.
    func resolve(in context: CommandContext) throws -> (path: String, config: GLWatchConfig?) {
        let config = state != nil && !configNamed(in: context) ? nil : try loadConfigIfAny(in: context)
        let path =
            state ?? config?.state.path ?? StateConfig.defaultPath(variable: context.environment.variable(named:))
        return (path, config)
    }

    /// The config named by `--config` or `$GLWATCH_CONFIG`, or found in a default place; `nil` when there is none.
    func loadConfigIfAny(in context: CommandContext) throws -> GLWatchConfig? {
        let system = context.environment
        if !configNamed(in: context),
            !ConfigOptions.defaultLocations(variable: system.variable(named:)).contains(where: system.fileExists)
        {
            return nil
        }
        do {
            return try configOptions.load(in: system)
        } catch let error as ConfigError {
            throw CLIError("the config has errors (or pass --state PATH):\n\(error.description)")
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// Whether a config is named explicitly, by `--config` or `$GLWATCH_CONFIG`.
    func configNamed(in context: CommandContext) -> Bool {
        configOptions.config != nil || !(context.environment.variable(named: "GLWATCH_CONFIG") ?? "").isEmpty
    }
}
