import Foundation
import Notifier

/// Reads `--since` values: an age like `2h`, `30m`, `1d12h`, or a date (`2026-05-01`, UTC midnight) or date-time
/// (`2026-05-01T08:00:00Z`).
enum SinceParser {
    /// The time `text` names, relative to `now`; `nil` when it is neither an age nor a date.
    static func date(from text: String, now: Date) -> Date? {
        if let seconds = DurationParser.seconds(in: text) { return now.addingTimeInterval(-seconds) }
        if let date = EventJSON.parse(text) { return date }
        return EventJSON.parse(text + "T00:00:00Z")
    }

    /// The error for a value that is neither.
    static func error(_ text: String) -> CLIError {
        CLIError("--since \(text): expected an age like 2h, 30m, 7d, or a date like 2026-05-01 or 2026-05-01T08:00:00Z")
    }
}
