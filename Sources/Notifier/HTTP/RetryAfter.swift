import Foundation

/// A `Retry-After` header's value: seconds to wait, or a date to wait until.
public enum RetryAfter: Sendable, Hashable {
    /// Wait this many seconds.
    case seconds(TimeInterval)
    /// Wait until this date.
    case date(Date)

    /// Parses a header value (`120` or an HTTP date such as `Wed, 21 Oct 2015 07:28:00 GMT`).
    public init?(headerValue: String) {
        let text = headerValue.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds >= 0, seconds.isFinite {
            self = .seconds(seconds)
            return
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) {
                self = .date(date)
                return
            }
        }
        return nil
    }

    /// The wait from `now`, never negative.
    public func delay(from now: Date) -> TimeInterval {
        switch self {
        case .seconds(let seconds): seconds
        case .date(let date): max(0, date.timeIntervalSince(now))
        }
    }
}
