import Foundation
import Logging

/// How glwatch logs, resolved from the config's `log:` section and the `--log-format`/`--log-level` flags, and
/// the one place that makes log handlers.
struct LogSetup: Sendable, Equatable {
    /// The line format.
    var format: LogConfig.Format
    /// The least severe level logged.
    var level: Logger.Level

    /// The config's settings, overridden by whichever flags were given.
    init(config: LogConfig, options: LoggingOptions) {
        format = options.logFormat.flatMap(LogConfig.Format.init(rawValue:)) ?? config.format
        level = options.logLevel.flatMap(Logger.Level.init(rawValue:)) ?? config.level
    }

    /// A handler writing to standard error in the chosen format, at the chosen level.
    ///
    /// The JSON handler stamps lines with `now` (the composition root passes the system clock).
    func makeHandler(label: String, now: @escaping @Sendable () -> Date) -> any LogHandler {
        var handler: any LogHandler
        switch format {
        case .text: handler = StreamLogHandler.standardError(label: label)
        case .json: handler = JSONLogHandler(label: label, output: .standardError(), now: now)
        }
        handler.logLevel = level
        return handler
    }

    /// Makes every logger of the process use this setup (once per process: `glwatch run` and `once` only, never
    /// in tests).
    func bootstrap(now: @escaping @Sendable () -> Date) {
        LoggingSystem.bootstrap { label in makeHandler(label: label, now: now) }
    }
}
