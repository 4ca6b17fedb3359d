import ArgumentParser
import Logging

/// `--log-format` and `--log-level`: override the config's `log:` section for one run.
struct LoggingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Log line format on standard error: text or json (default: the config's, else text).",
            valueName: "format"
        ),
        completion: .list(LogConfig.Format.allCases.map(\.rawValue))
    )
    var logFormat: String?

    @Option(
        help: ArgumentHelp(
            "The least severe level logged: \(LogConfig.levelNames.joined(separator: ", ")) "
                + "(default: the config's, else info).",
            valueName: "level"
        ),
        completion: .list(LogConfig.levelNames)
    )
    var logLevel: String?

    func validate() throws {
        if let logFormat, LogConfig.Format(rawValue: logFormat) == nil {
            throw ValidationError("--log-format must be text or json, not \"\(logFormat)\"")
        }
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError(
                "--log-level must be one of \(LogConfig.levelNames.joined(separator: ", ")), not \"\(logLevel)\""
            )
        }
    }
}
