import Logging

/// `log:`: how glwatch logs to standard error.
struct LogConfig: Sendable, Equatable {
    /// The line format.
    enum Format: String, Sendable, CaseIterable {
        /// Human-readable lines.
        case text
        /// One JSON object per line (`JSONLogHandler`).
        case json
    }

    /// The line format.
    var format: Format = .text
    /// The least severe level logged.
    var level: Logger.Level = .info

    /// The level names the config accepts, least severe first.
    static let levelNames = Logger.Level.allCases.map(\.rawValue)
}
