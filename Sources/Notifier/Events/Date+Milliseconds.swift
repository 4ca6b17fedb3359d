import Foundation

extension Date {
    /// The date rounded to the nearest millisecond: payloads carry milliseconds, so an event read back from
    /// its JSON is equal to the one written.
    var roundedToMilliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// The ISO 8601 form in `timeZone` with exactly `digits` (0 or 3) fractional digits, computed from whole
    /// milliseconds: `ISO8601FormatStyle` truncates binary fractions (`.123` may print as `.122`).
    func iso8601(timeZone: TimeZone, milliseconds: Bool) -> String {
        let totalMilliseconds = Int64((timeIntervalSince1970 * 1000).rounded())
        var seconds = totalMilliseconds / 1000
        var fraction = totalMilliseconds % 1000
        if fraction < 0 {
            seconds -= 1
            fraction += 1000
        }
        let style = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: timeZone)
        var text = style.format(Date(timeIntervalSince1970: TimeInterval(seconds)))
        if milliseconds {
            // `yyyy-MM-ddTHH:mm:ss` is 19 characters; the fraction goes right after it.
            let index = text.index(text.startIndex, offsetBy: 19)
            text.insert(contentsOf: "." + String(format: "%03d", Int(fraction)), at: index)
        }
        return text
    }
}
