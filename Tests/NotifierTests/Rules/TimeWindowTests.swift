import Foundation
import Notifier
import Testing

@Suite struct TimeWindowTests {
    // 2024-05-06 is a Monday.
    static func berlin(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar.date(from: DateComponents(year: 2024, month: 5, day: day, hour: hour, minute: minute))!
    }

    @Test(arguments: [
        (6, 9, 0, true),  // Monday 09:00: start is inclusive
        (6, 17, 59, true),
        (6, 18, 0, false),  // end is exclusive
        (6, 8, 59, false),
        (11, 12, 0, false),  // Saturday
    ])
    func testOfficeHours(day: Int, hour: Int, minute: Int, expected: Bool) {
        let window = TimeWindow(
            weekdays: [2, 3, 4, 5, 6],
            startMinute: 9 * 60,
            endMinute: 18 * 60,
            timeZone: TimeZone(identifier: "Europe/Berlin")!
        )
        #expect(window.contains(Self.berlin(day, hour, minute)) == expected)
    }

    @Test(arguments: [
        (10, 23, 0, true),  // Friday night
        (11, 3, 0, true),  // Saturday 03:00 belongs to Friday's night
        (12, 3, 0, false),  // Sunday 03:00 belongs to Saturday's night, not in the window
        (10, 12, 0, false),
    ])
    func testWindowPastMidnight_belongsToTheDayItStarts(day: Int, hour: Int, minute: Int, expected: Bool) {
        let window = TimeWindow(
            weekdays: [6],
            startMinute: 22 * 60,
            endMinute: 6 * 60,
            timeZone: TimeZone(identifier: "Europe/Berlin")!
        )
        #expect(window.contains(Self.berlin(day, hour, minute)) == expected)
    }
}
