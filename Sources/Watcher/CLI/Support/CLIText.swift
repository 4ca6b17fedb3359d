import Foundation
import Notifier

/// How commands write times, ages, SHAs and tables for people (JSON output uses `EventJSON`'s conventions).
enum CLIText {
    /// A UTC time to the second, like `2026-05-01 08:00:00Z`.
    static func time(_ date: Date?) -> String {
        guard let date else { return "never" }
        let text = EventJSON.format(date)  // 2026-05-01T08:00:00.000Z
        return text.prefix(10) + " " + text.dropFirst(11).prefix(8) + "Z"
    }

    /// How long ago `date` was, like `3m20s ago`; `never` for `nil`.
    static func age(of date: Date?, now: Date) -> String {
        guard let date else { return "never" }
        let seconds = now.timeIntervalSince(date)
        if seconds < 0 { return "in " + DurationParser.format((-seconds).rounded()) }
        return DurationParser.format(seconds.rounded()) + " ago"
    }

    /// `text` safe to print on a terminal: control and format characters (escape sequences, bidirectional
    /// overrides) written as `\u{1B}`, everything else as it is. For strings a database or GitLab handed over.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The first 8 digits of a SHA, as GitLab's UI shows it.
    static func shortSHA(_ sha: String) -> String {
        String(sha.prefix(8))
    }

    /// Left-aligned columns separated by two spaces; the last column is not padded.
    static func table(_ rows: [[String]]) -> [String] {
        guard let columns = rows.map(\.count).max(), columns > 0 else { return [] }
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }

    /// `value` encoded as pretty, key-sorted JSON with glwatch's date format.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = EventJSON.encoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
