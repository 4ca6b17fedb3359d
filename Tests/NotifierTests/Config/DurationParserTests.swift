import Testing

@testable import Notifier

@Suite struct DurationParserTests {
    @Test(arguments: [("30s", 30.0), ("10m", 600), ("1h30m", 5_400), ("500ms", 0.5), ("2d", 172_800), ("1.5h", 5_400)])
    func testDurations_parse(text: String, seconds: Double) {
        #expect(DurationParser.seconds(in: text) == seconds)
    }

    @Test(arguments: ["", "10", "10x", "m", "1h 30m", "-5s"])
    func testNonDurations_doNotParse(text: String) {
        #expect(DurationParser.seconds(in: text) == nil)
    }

    @Test func testFormatting_isReadable() {
        #expect(DurationParser.format(5_400) == "1h30m")
        #expect(DurationParser.format(86_400) == "1d")
        #expect(DurationParser.format(0.25) == "250ms")
        #expect(DurationParser.format(0) == "0s")
    }
}
