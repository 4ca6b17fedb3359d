import Foundation

/// The JSON conventions of every payload glwatch writes: sorted keys, unescaped slashes, and dates as
/// ISO 8601 in UTC with milliseconds (`2024-05-01T08:00:00.000Z`).
public enum EventJSON {
    /// A new encoder with glwatch's payload conventions.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        return encoder
    }

    /// A new decoder that reads what `encoder()` writes (and dates without milliseconds).
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "expected an ISO 8601 date-time, got \"\(text)\""
                )
            }
            return date
        }
        return decoder
    }

    /// Formats a date as glwatch's payloads do.
    public static func format(_ date: Date) -> String {
        date.iso8601(timeZone: TimeZone(secondsFromGMT: 0)!, milliseconds: true)
    }

    /// Parses an ISO 8601 date-time, with or without fractional seconds.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date.roundedToMilliseconds
        }
        return (try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(text))?.roundedToMilliseconds
    }
}
