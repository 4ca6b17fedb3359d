import Foundation
import Testing

@testable import Watcher

@Suite struct GitLabTimestampTests {
    @Test(arguments: [
        ("2021-09-20T09:06:12.300+03:00", 1_632_117_972.3, 10_800),
        ("2012-06-28T03:44:20-07:00", 1_340_880_260.0, -25_200),
        ("2012-06-27T05:51:39.000Z", 1_340_776_299.0, 0),
        ("2013-09-30T13:46:02Z", 1_380_548_762.0, 0),
        ("2021-09-20T11:50:22.001+00:00", 1_632_138_622.001, 0),
        ("2024-02-29T23:59:59.999999+0530", 1_709_231_399.999999, 19_800),
        ("2013-05-13 18:18:08 UTC", 1_368_469_088.0, 0),
        ("2024-05-01", 1_714_521_600.0, 0),
    ])
    func testParsing_gitLabDateForms(text: String, seconds: Double, offset: Int) throws {
        let timestamp = try #require(GitLabTimestamp(parsing: text))

        #expect(abs(timestamp.date.timeIntervalSince1970 - seconds) < 0.000_01)
        #expect(timestamp.utcOffsetSeconds == offset)
    }

    @Test(arguments: [
        "", "yesterday", "2024-13-01T00:00:00Z", "2024-01-01T25:00:00Z", "2024-01-01T00:00:00+",
        "2024-01-01T00:00:00Zjunk",
    ])
    func testParsing_rejectsWhatIsNotADate(text: String) {
        #expect(GitLabTimestamp(parsing: text) == nil)
    }

    @Test func testDescription_keepsTheOriginalOffset() throws {
        let timestamp = try #require(GitLabTimestamp(parsing: "2021-09-20T09:06:12.300+03:00"))

        #expect(timestamp.description == "2021-09-20T09:06:12.300+03:00")
        #expect(GitLabTimestamp(parsing: timestamp.description) == timestamp)
    }

    @Test func testOrdering_comparesInstantsAcrossOffsets() throws {
        let tokyo = try #require(GitLabTimestamp(parsing: "2024-01-01T09:00:00+09:00"))
        let london = try #require(GitLabTimestamp(parsing: "2024-01-01T00:00:01Z"))

        #expect(tokyo < london)
    }

    @Test func testQueryFormat_isUTCWithoutFractions() {
        let date = Date(timeIntervalSince1970: 1_704_067_200.75)

        #expect(GitLabDateParser.formatQuery(date) == "2024-01-01T00:00:00Z")
    }

    @Test func testDecodingFailure_namesTheJSONPath() throws {
        let json = #"[{"id": "a"}, {"id": "b", "committed_date": "not a date"}]"#

        do {
            _ = try GitLabJSON.decoder().decode([GitLabCommit].self, from: Data(json.utf8))
            Issue.record("expected a decoding error")
        } catch let error as DecodingError {
            let (path, detail) = GitLabJSON.describe(error)
            #expect(path == "$[1].committed_date")
            #expect(detail.contains("not a date"))
        }
    }
}
