import Foundation

/// A commit date with the UTC offset it was recorded with, so messages can show the author's local time.
///
/// GitLab sends commit dates as ISO 8601 with the commit's own offset, with or without milliseconds
/// (`2024-05-01T10:00:00.000+02:00`). The instant is kept as a `Date`; the offset for display.
public struct CommitTimestamp: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The instant (whole milliseconds).
    public var date: Date
    /// The offset from UTC, in seconds, the commit was recorded with.
    public var utcOffsetSeconds: Int

    /// Creates a timestamp from an instant and an offset.
    public init(date: Date, utcOffsetSeconds: Int = 0) {
        self.date = date.roundedToMilliseconds
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Parses an ISO 8601 date-time as GitLab sends it; `nil` when it is not one.
    public init?(iso8601 text: String) {
        guard let date = Self.parse(text), let offset = Self.offsetSeconds(in: text) else { return nil }
        self.init(date: date, utcOffsetSeconds: offset)
    }

    /// The ISO 8601 form with the original offset, for example `2024-05-01T10:00:00+02:00`.
    public var iso8601: String {
        let zone = TimeZone(secondsFromGMT: utcOffsetSeconds) ?? TimeZone(secondsFromGMT: 0)!
        return date.iso8601(timeZone: zone, milliseconds: hasFraction)
    }

    /// The ISO 8601 form.
    public var description: String { iso8601 }

    /// Creates a timestamp from its ISO 8601 string.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = CommitTimestamp(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected an ISO 8601 date-time with an offset, got \"\(text)\""
            )
        }
        self = parsed
    }

    /// Encodes the timestamp as its ISO 8601 string.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }

    private var hasFraction: Bool {
        date.timeIntervalSince1970 != date.timeIntervalSince1970.rounded(.down)
    }

    private static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(text)
    }

    /// Reads the offset suffix (`Z`, `+02:00`, `+0200`, `-05`) of an ISO 8601 date-time.
    private static func offsetSeconds(in text: String) -> Int? {
        if text.hasSuffix("Z") || text.hasSuffix("z") { return 0 }
        guard let signIndex = text.lastIndex(where: { $0 == "+" || $0 == "-" }),
            let tIndex = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }), signIndex > tIndex
        else { return nil }
        let sign = text[signIndex] == "-" ? -1 : 1
        let digits = text[text.index(after: signIndex)...].filter(\.isNumber)
        guard digits.count == 2 || digits.count == 4, let value = Int(digits) else { return nil }
        let hours = digits.count == 2 ? value : value / 100
        let minutes = digits.count == 2 ? 0 : value % 100
        return sign * (hours * 3600 + minutes * 60)
    }
}
