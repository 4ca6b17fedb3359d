import Foundation

/// A point in time as GitLab wrote it: the instant, plus the UTC offset it was written with.
///
/// GitLab writes commit dates with the commit's own offset (`2021-09-20T09:06:12.300+03:00`), other dates in UTC,
/// with or without milliseconds. glwatch compares and stores the instant (`date`, UTC) and keeps the offset for
/// display (an author's local time). Two timestamps are ordered by their instants.
public struct GitLabTimestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The instant.
    public let date: Date
    /// Seconds east of UTC that GitLab wrote the time with (0 for `Z`).
    public let utcOffsetSeconds: Int

    /// Creates a timestamp from an instant and the offset to show it in.
    public init(date: Date, utcOffsetSeconds: Int = 0) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Parses the date forms GitLab uses: ISO 8601 with or without fractional seconds, with `Z` or a `±HH:MM`
    /// (or `±HHMM`) offset, a bare date (`2024-05-01`, midnight UTC) and the older `2013-05-13 18:18:08 UTC` form.
    ///
    /// - returns: `nil` when `string` is none of these.
    public init?(parsing string: String) {
        guard let parsed = GitLabDateParser.parse(string) else { return nil }
        self.init(date: parsed.date, utcOffsetSeconds: parsed.offset)
    }

    /// The time zone of the written offset.
    public var timeZone: TimeZone { TimeZone(secondsFromGMT: utcOffsetSeconds) ?? TimeZone(identifier: "UTC")! }

    /// ISO 8601 with milliseconds in the original offset, as GitLab writes it.
    public var description: String { GitLabDateParser.format(date, offset: utcOffsetSeconds) }

    /// Orders timestamps by instant.
    public static func < (lhs: GitLabTimestamp, rhs: GitLabTimestamp) -> Bool { lhs.date < rhs.date }

    /// Decodes a timestamp from one of GitLab's date strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let timestamp = GitLabTimestamp(parsing: string) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unrecognised date \"\(string)\""
            )
        }
        self = timestamp
    }

    /// Encodes the timestamp as GitLab writes it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
