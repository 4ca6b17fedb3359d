import Foundation

/// Parses durations written like `30s`, `10m`, `1h30m`, `500ms` or `2d`.
public enum DurationParser {
    /// The duration in seconds, or `nil` when `text` is not a duration.
    public static func seconds(in text: String) -> TimeInterval? {
        let units: [(suffix: String, seconds: Double)] = [
            ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400),
        ]
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard !rest.isEmpty else { return nil }
        var total = 0.0
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            guard let unit = units.first(where: { rest.hasPrefix($0.suffix) }) else { return nil }
            rest = rest.dropFirst(unit.suffix.count)
            total += value * unit.seconds
        }
        return total
    }

    /// Formats seconds the way they are written in config: `1h30m`, `45s`, `500ms`.
    public static func format(_ seconds: TimeInterval) -> String {
        if seconds < 1, seconds > 0 { return "\(Int((seconds * 1000).rounded()))ms" }
        var remaining = Int(seconds.rounded())
        if remaining == 0 { return "0s" }
        var text = ""
        for (suffix, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where remaining >= size {
            text += "\(remaining / size)\(suffix)"
            remaining %= size
        }
        return text
    }
}
