import Foundation
import Notifier
import Testing

@Suite struct SlackSinkTests {
    @Test func testGoldenPayload() throws {
        let sink = SlackSink(name: "team", endpoint: Fixtures.chatEndpoint, transport: FakeTransport())
        let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
        #expect(
            message.bodyText == #"""
                {"text":"*1 new commit* on <https://gitlab.com/acme/api/-/tree/feature/x_y|`feature/x_y`> in \#
                <https://gitlab.com/acme/api|acme/api>\n• <https://gitlab.com/acme/api/-/commit/\#
                a1b2c3d4e5f60718293a4b5c6d7e8f9012345678|`a1b2c3d4`> Fix &lt;parser&gt; &amp; \"quotes\" *now* \#
                (Ada @everyone)","unfurl_links":false}
                """#
        )
        #expect(PayloadChecks.header(message, "Content-Type") == "application/json; charset=utf-8")
        #expect(PayloadChecks.header(message, "Idempotency-Key") == Fixtures.goldenEvent.id)
    }

    @Test func testOptions_areSent() throws {
        let sink = SlackSink(
            name: "team",
            endpoint: Fixtures.chatEndpoint,
            options: .init(username: "glwatch", iconEmoji: ":eyes:"),
            transport: FakeTransport()
        )
        let object = try PayloadChecks.object(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        #expect(object["username"] as? String == "glwatch")
        #expect(object["icon_emoji"] as? String == ":eyes:")
    }

    @Test func testSend_postsToTheWebhookURL() async throws {
        let transport = FakeTransport()
        let sink = SlackSink(name: "team", endpoint: Fixtures.chatEndpoint, transport: transport)
        let result = await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        #expect(result == .delivered(httpStatus: 200))
        #expect(transport.requests.map { $0.url.reveal() } == ["https://chat.example.com/hooks/T0/SECRET"])
        #expect(transport.requests.map(\.method) == ["POST"])
    }
}
