import Foundation
import Notifier
import Testing

@Suite struct CommitTimestampTests {
    @Test(arguments: [
        ("2024-05-01T10:00:00.000+02:00", 1_714_550_400.0, 7_200, "2024-05-01T10:00:00+02:00"),
        ("2024-05-01T10:00:00+02:00", 1_714_550_400.0, 7_200, "2024-05-01T10:00:00+02:00"),
        ("2024-05-01T08:00:00Z", 1_714_550_400.0, 0, "2024-05-01T08:00:00Z"),
        ("2024-05-01T03:00:00-05:00", 1_714_550_400.0, -18_000, "2024-05-01T03:00:00-05:00"),
        ("2024-05-01T13:45:00.500+05:45", 1_714_550_400.5, 20_700, "2024-05-01T13:45:00.500+05:45"),
    ])
    func testGitLabDates_keepTheirInstantAndOffset(text: String, epoch: Double, offset: Int, formatted: String) throws {
        let timestamp = try #require(CommitTimestamp(iso8601: text))
        #expect(timestamp.date == Date(timeIntervalSince1970: epoch))
        #expect(timestamp.utcOffsetSeconds == offset)
        #expect(timestamp.iso8601 == formatted)
    }

    @Test(arguments: ["", "yesterday", "2024-05-01", "2024-13-01T00:00:00Z"])
    func testNonDates_areRejected(text: String) {
        #expect(CommitTimestamp(iso8601: text) == nil)
    }
}
