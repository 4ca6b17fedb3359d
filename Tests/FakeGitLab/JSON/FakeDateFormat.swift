import Foundation

/// GitLab's date spellings: commit dates in the author's offset with milliseconds
/// (`2021-09-20T09:06:12.000+03:00`), other dates in UTC (`2022-06-24T17:11:26.841Z`), HTTP dates for headers.
enum FakeDateFormat {
    /// ISO 8601 in `offsetMinutes` (with `Z` for UTC), with or without milliseconds.
    static func iso(_ date: Date, offsetMinutes: Int = 0, milliseconds: Bool = true) -> String {
        let shifted = date.timeIntervalSince1970 + Double(offsetMinutes * 60)
        let totalMillis = Int64((shifted * 1000).rounded())
        let seconds = totalMillis >= 0 ? totalMillis / 1000 : (totalMillis - 999) / 1000
        let millis = Int(totalMillis - seconds * 1000)
        let days = Int64((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civil(days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if milliseconds { text += "." + pad(millis, 3) }
        if offsetMinutes == 0 { return text + "Z" }
        let magnitude = abs(offsetMinutes)
        return text + (offsetMinutes < 0 ? "-" : "+") + pad(magnitude / 60, 2) + ":" + pad(magnitude % 60, 2)
    }

    /// A commit date the way GitLab writes it: milliseconds and the numeric offset, `+00:00` for UTC.
    static func commit(_ date: Date, offsetMinutes: Int) -> String {
        let text = iso(date, offsetMinutes: offsetMinutes)
        return offsetMinutes == 0 ? String(text.dropLast()) + "+00:00" : text
    }

    /// `Tue, 05 Jan 2021 11:00:00 GMT`.
    static func http(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = Int64((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civil(days)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return "\(weekday), \(pad(day, 2)) \(months[month - 1]) \(year) "
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)) GMT"
    }

    /// Parses the ISO 8601 forms GitLab accepts in queries (`2024-05-01T10:00:00Z`, offsets, a bare date).
    static func parseQuery(_ string: String) -> Date? {
        let styles: [Date.ISO8601FormatStyle] = [
            .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: true)
                .timeSeparator(.colon).timeZone(separator: .colon),
            .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
                .timeSeparator(.colon).timeZone(separator: .colon),
        ]
        for style in styles {
            if let date = try? style.parse(string) { return date }
        }
        if string.count == 10, let date = try? Date.ISO8601FormatStyle.iso8601.year().month().day().parse(string) {
            return date
        }
        return nil
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func civil(_ days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }
}
