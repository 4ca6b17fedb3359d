import Foundation
import Notifier
import Testing

@Suite struct DiscordSinkTests {
    @Test func testGoldenPayload_allowsNoMentions() throws {
        let sink = DiscordSink(name: "alerts", endpoint: Fixtures.chatEndpoint, transport: FakeTransport())
        let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
        #expect(
            message.bodyText == #"""
                {"allowed_mentions":{"parse":[]},"content":"**1 new commit** on [`feature/x_y`](https://gitlab.com/acme/\#
                api/-/tree/feature/x_y) in [acme/api](https://gitlab.com/acme/api)\n- [`a1b2c3d4`](https://gitlab.com/\#
                acme/api/-/commit/a1b2c3d4e5f60718293a4b5c6d7e8f9012345678) Fix \\<parser\\> & \"quotes\" \\*now\\* \#
                (Ada @\#u{200B}everyone)"}
                """#
        )
    }

    @Test func testOptions_areSent() throws {
        let sink = DiscordSink(
            name: "alerts",
            endpoint: Fixtures.chatEndpoint,
            options: .init(username: "glwatch", avatarURL: "https://x/a.png"),
            transport: FakeTransport()
        )
        let object = try PayloadChecks.object(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        #expect(object["username"] as? String == "glwatch")
        #expect(object["avatar_url"] as? String == "https://x/a.png")
    }
}
