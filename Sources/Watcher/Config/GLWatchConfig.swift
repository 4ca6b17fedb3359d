import Foundation
import Notifier

/// The whole `glwatch.yml`, validated: GitLab instances, watch targets, sinks and rules, state, logging, metrics
/// and engine settings, every option defaulted.
///
/// ```swift
/// let config = try GLWatchConfig.load(path: "glwatch.yml", environment: ProcessConfigSystem())
/// for target in config.watchTargets { … }   // the engine's contract
/// ```
///
/// Loading is all-or-nothing and reports every problem as `file:line:column: message` (`ConfigError`), so a
/// reload with errors keeps the running configuration. Secrets (tokens, sink URLs) are resolved at load but never
/// shown by any description.
struct GLWatchConfig: Sendable {
    /// The file it was loaded from, as named.
    var file: String
    /// The GitLab instances, in the order written.
    var instances: [GitLabInstanceConfig]
    /// The watch targets, resolved to the engine's contract.
    var watchTargets: [WatchTarget]
    /// Sinks and rules (inline and from included files), validated together.
    var notifier: NotifierConfiguration
    /// Where the state database is.
    var state: StateConfig
    /// Logging.
    var log: LogConfig
    /// The `/metrics` endpoint.
    var metrics: MetricsConfig
    /// Concurrency, discovery and shutdown.
    var engine: EngineConfig
    /// Instant mode's webhook listener (`hooks:`); `nil` when off.
    var hooks: HooksConfig? = nil
    /// The rules files included, resolved (for `check`'s summary and for reloads).
    var includedFiles: [String]
    /// Things that are valid but probably not what was meant (a sink no rule uses, nothing to watch), for
    /// `glwatch check` and the log.
    var warnings: [ConfigDiagnostic] = []

    /// The instance with this name.
    func instance(named name: String) -> GitLabInstanceConfig? {
        instances.first { $0.name == name }
    }

    /// Loads and validates a config file.
    ///
    /// Relative paths in it (rules files, templates, `token_file`, `ca_file`, `state.path`) start from the file's
    /// directory.
    ///
    /// - throws: `ConfigError` with every problem found.
    static func load(path: String, environment: any ConfigSystem) throws(ConfigError) -> GLWatchConfig {
        try GLWatchConfigLoader(environment: environment).load(path: path)
    }

    /// Loads and validates config text (as if read from `file`, in `baseDirectory`).
    static func load(
        yaml: String,
        file: String,
        baseDirectory: String,
        environment: any ConfigSystem
    ) throws(ConfigError) -> GLWatchConfig {
        try GLWatchConfigLoader(environment: environment).load(yaml: yaml, file: file, baseDirectory: baseDirectory)
    }
}
