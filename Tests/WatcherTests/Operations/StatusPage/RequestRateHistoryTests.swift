import Foundation
import Testing

@testable import Watcher

@Suite("RequestRateHistory: requests per minute over a day")
struct RequestRateHistoryTests {
    private let t0 = Date(timeIntervalSince1970: 1_800_000_000)  // a whole minute

    @Test func testPerMinute_countsEachMinute_oldestFirst() {
        // Given 2 requests in minute 0, none in minute 1, 3 in minute 2
        let history = RequestRateHistory()
        for seconds in [0.0, 59.9, 120, 130, 179] { history.record(at: t0.addingTimeInterval(seconds)) }

        // When read up to minute 2 (and beyond, into a quiet minute)
        #expect(history.perMinute(until: t0.addingTimeInterval(150), minutes: 3) == [2, 0, 3])
        #expect(history.perMinute(until: t0.addingTimeInterval(200), minutes: 2) == [3, 0])
    }

    @Test func testPerMinute_forgetsMinutesOlderThanADay() {
        // Given a request now, and a day later one in the same ring slot
        let history = RequestRateHistory()
        history.record(at: t0)
        let dayLater = t0.addingTimeInterval(86_400)
        history.record(at: dayLater)

        // Then the old minute no longer counts: it was a day ago, outside the window
        let day = history.perMinute(until: dayLater)
        #expect(day.count == 1440)
        #expect(day.last == 1)
        #expect(day.reduce(0, +) == 1)
    }
}
