import Foundation
import Notifier
import Testing

@Suite struct StdoutSinkTests {
    struct BrokenPipe: TextOutput {
        struct Failure: Error, CustomStringConvertible { var description: String { "broken pipe" } }
        var isTerminal: Bool { false }
        func write(_ text: String) throws { throw Failure() }
    }

    @Test func testText_isPlainWhenNotATerminal() async throws {
        let output = CapturedOutput(isTerminal: false)
        let sink = StdoutSink(name: "console", output: output)
        let result = await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        #expect(result == .delivered(httpStatus: nil))
        #expect(
            output.text == """
                1 new commit on feature/x_y in acme/api
                  - a1b2c3d4 Fix <parser> & "quotes" *now* (Ada @everyone)
                https://gitlab.com/acme/api/-/compare/ffffffffffffffffffffffffffffffffffffffff...\
                a1b2c3d4e5f60718293a4b5c6d7e8f9012345678


                """
        )
    }

    @Test func testText_colorsTheTitleOnATerminal() throws {
        let sink = StdoutSink(name: "console", output: CapturedOutput(isTerminal: true))
        let text = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)).bodyText
        #expect(text.hasPrefix("\u{1B}[1;36m1 new commit on feature/x_y in acme/api\u{1B}[0m\n  - a1b2c3d4"))
    }

    @Test func testHostileMessages_cannotDriveTheTerminal() throws {
        let sink = StdoutSink(name: "console", output: CapturedOutput(isTerminal: true))
        let event = Fixtures.push([Fixtures.commit(1, message: Fixtures.hostileMessage)])
        let text = try sink.makeMessage(for: DeliveryBatch(events: [event]), at: Fixtures.date(0)).bodyText
        // Only the sink's own two colour codes remain.
        #expect(text.components(separatedBy: "\u{1B}").count - 1 == 2)
        #expect(text.contains("\u{241B}[31mred"))
    }

    @Test func testJSONLines_areOnePayloadPerLine() throws {
        let sink = StdoutSink(name: "console", format: .json, output: CapturedOutput(isTerminal: true))
        let text = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)).bodyText
        #expect(text == String(decoding: try Fixtures.goldenEvent.jsonData(), as: UTF8.self) + "\n")
        #expect(!text.dropLast().contains("\n"))
    }

    @Test func testAWriteFailure_isRetryable() async throws {
        let sink = StdoutSink(name: "console", output: BrokenPipe())
        let result = await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        #expect(result == .failed(SendFailure(retryable: true, reason: "cannot write to standard output: broken pipe")))
    }
}
