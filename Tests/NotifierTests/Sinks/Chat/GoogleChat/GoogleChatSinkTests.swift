import Foundation
import Notifier
import Testing

@Suite struct GoogleChatSinkTests {
    @Test func testGoldenPayload_defusesAngleBrackets() throws {
        let sink = GoogleChatSink(name: "gchat", endpoint: Fixtures.chatEndpoint, transport: FakeTransport())
        let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
        #expect(
            message.bodyText == #"""
                {"text":"*1 new commit* on <https://gitlab.com/acme/api/-/tree/feature/x_y|`feature/x_y`> in \#
                <https://gitlab.com/acme/api|acme/api>\n• <https://gitlab.com/acme/api/-/commit/\#
                a1b2c3d4e5f60718293a4b5c6d7e8f9012345678|`a1b2c3d4`> Fix <\#u{200B}parser> & \"quotes\" *now* \#
                (Ada @everyone)"}
                """#
        )
    }
}
