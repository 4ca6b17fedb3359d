import Foundation
import Notifier
import Testing

@Suite struct MattermostSinkTests {
    @Test func testGoldenPayload_escapesMarkdownAndDefusesMentions() throws {
        let sink = MattermostSink(name: "mm", endpoint: Fixtures.chatEndpoint, transport: FakeTransport())
        let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
        #expect(
            message.bodyText == #"""
                {"text":"**1 new commit** on [`feature/x_y`](https://gitlab.com/acme/api/-/tree/feature/x_y) in \#
                [acme/api](https://gitlab.com/acme/api)\n- [`a1b2c3d4`](https://gitlab.com/acme/api/-/commit/\#
                a1b2c3d4e5f60718293a4b5c6d7e8f9012345678) Fix \\<parser\\> & \"quotes\" \\*now\\* \#
                (Ada @\#u{200B}everyone)"}
                """#
        )
    }

    @Test func testOptions_areSent() throws {
        let sink = MattermostSink(
            name: "mm",
            endpoint: Fixtures.chatEndpoint,
            options: .init(username: "glwatch", iconURL: "https://x/i.png", channel: "dev"),
            transport: FakeTransport()
        )
        let object = try PayloadChecks.object(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        #expect(object["username"] as? String == "glwatch")
        #expect(object["icon_url"] as? String == "https://x/i.png")
        #expect(object["channel"] as? String == "dev")
    }
}
