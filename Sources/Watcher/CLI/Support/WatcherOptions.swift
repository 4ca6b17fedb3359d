import ArgumentParser
import Foundation
import Logging
import Notifier

/// The options of the commands that watch (`run`, `once`): the config, logging, and a state override.
struct WatcherOptions: ParsableArguments {
    @OptionGroup var configOptions: ConfigOptions

    @OptionGroup var logging: LoggingOptions

    @Option(
        help: ArgumentHelp("The state database, instead of the config's state.path.", valueName: "path"),
        completion: .file(extensions: ["db"])
    )
    var state: String?

    /// Loads the config (with `--state` applied).
    ///
    /// - throws: `CLIError` with every problem as `file:line:column: message`, or saying where a config was
    ///   looked for.
    func loadConfig(in system: any ConfigSystem) throws -> GLWatchConfig {
        do {
            return try reloadConfig(in: system)
        } catch let error as ConfigError {
            throw CLIError("the config has errors:\n\(error.description)")
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// Loads the config (with `--state` applied) for a reload, with the loader's own errors: `ConfigError`
    /// (logged one diagnostic per line) or `ConfigFileNotFound`.
    func reloadConfig(in system: any ConfigSystem) throws -> GLWatchConfig {
        var config = try configOptions.load(in: system)
        if let state { config.state.path = state }
        return config
    }

    /// Sets up the process's logging from the config and the flags (once per process).
    func bootstrapLogging(_ config: GLWatchConfig, now: @escaping @Sendable () -> Date) {
        LogSetup(config: config.log, options: logging).bootstrap(now: now)
    }
}
