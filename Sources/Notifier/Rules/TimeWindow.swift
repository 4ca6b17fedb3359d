import Foundation

/// Weekdays and hours of the day, in a time zone, when a rule applies (for example office hours in Berlin).
///
/// A window whose end is before its start wraps past midnight (`22:00-06:00`). The day is that of the start
/// of the window: a Friday `22:00-06:00` window includes Saturday 03:00.
public struct TimeWindow: Sendable, Hashable {
    /// The weekdays, 1 = Sunday … 7 = Saturday (as `Calendar` numbers them).
    public var weekdays: Set<Int>
    /// Start of the window in minutes after midnight, inclusive; `nil` for the whole day.
    public var startMinute: Int?
    /// End of the window in minutes after midnight, exclusive.
    public var endMinute: Int?
    /// The time zone the window is in.
    public var timeZone: TimeZone

    /// Creates a window.
    public init(
        weekdays: Set<Int> = Set(1...7),
        startMinute: Int? = nil,
        endMinute: Int? = nil,
        timeZone: TimeZone
    ) {
        self.weekdays = weekdays
        self.startMinute = startMinute
        self.endMinute = endMinute
        self.timeZone = timeZone
    }

    /// Whether `date` falls in the window.
    public func contains(_ date: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        guard let weekday = parts.weekday, let hour = parts.hour, let minute = parts.minute else { return false }
        let minuteOfDay = hour * 60 + minute
        guard let start = startMinute, let end = endMinute else { return weekdays.contains(weekday) }
        if start <= end {
            return weekdays.contains(weekday) && minuteOfDay >= start && minuteOfDay < end
        }
        // Wraps past midnight: before midnight it belongs to today, after midnight to yesterday's window.
        if minuteOfDay >= start { return weekdays.contains(weekday) }
        if minuteOfDay < end { return weekdays.contains(weekday == 1 ? 7 : weekday - 1) }
        return false
    }

    /// The names weekdays are written with in rules, in `Calendar` order (Sunday first).
    static let weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
}
