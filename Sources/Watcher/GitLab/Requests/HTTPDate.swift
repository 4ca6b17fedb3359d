import Foundation

/// Parses the IMF-fixdate form of HTTP dates (`Tue, 05 Jan 2021 11:00:00 GMT`), the one `Retry-After` and
/// `RateLimit-ResetTime` use.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The instant `string` names, or `nil` when it is not an IMF-fixdate.
    static func parse(_ string: String) -> Date? {
        let parts = string.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), let monthIndex = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":")
        guard time.count == 3, let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2]) else {
            return nil
        }
        let iso = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, monthIndex + 1, day, hour, minute, second)
        return GitLabDateParser.parse(iso)?.date
    }
}
