import Foundation
import Notifier
import Testing

@Suite struct TeamsSinkTests {
    @Test func testGoldenPayload_isAnAdaptiveCardMessage() throws {
        let sink = TeamsSink(name: "teams", endpoint: Fixtures.chatEndpoint, transport: FakeTransport())
        let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
        #expect(
            message.bodyText == #"""
                {"attachments":[{"content":{"$schema":"http://adaptivecards.io/schemas/adaptive-card.json","actions":\#
                [{"title":"Open in GitLab","type":"Action.OpenUrl","url":"https://gitlab.com/acme/api/-/compare/\#
                ffffffffffffffffffffffffffffffffffffffff...a1b2c3d4e5f60718293a4b5c6d7e8f9012345678"}],"body":\#
                [{"size":"Medium","text":"**1 new commit** on [`feature/x_y`](https://gitlab.com/acme/api/-/tree/\#
                feature/x_y) in [acme/api](https://gitlab.com/acme/api)","type":"TextBlock","weight":"Bolder",\#
                "wrap":true},{"text":"- [`a1b2c3d4`](https://gitlab.com/acme/api/-/commit/\#
                a1b2c3d4e5f60718293a4b5c6d7e8f9012345678) Fix \\<parser\\> & \"quotes\" \\*now\\* \#
                (Ada @\#u{200B}everyone)","type":"TextBlock","wrap":true}],"msteams":{"width":"Full"},\#
                "type":"AdaptiveCard","version":"1.4"},"contentType":"application/vnd.microsoft.card.adaptive"}],\#
                "type":"message"}
                """#
        )
    }

    @Test func testADigest_hasNoSingleLinkButton() throws {
        let sink = TeamsSink(name: "teams", endpoint: Fixtures.chatEndpoint, transport: FakeTransport())
        let batch = DeliveryBatch(events: [
            Fixtures.push([Fixtures.commit(1)], at: 1), Fixtures.push([Fixtures.commit(2)], at: 2),
        ])
        let object = try PayloadChecks.object(try sink.makeMessage(for: batch, at: Fixtures.date(0)))
        let card = ((object["attachments"] as? [[String: Any]])?.first?["content"]) as? [String: Any]
        #expect((card?["actions"] as? [Any])?.isEmpty == true)
        #expect(((card?["body"] as? [[String: Any]])?.first?["text"] as? String) == "**2 events in acme/platform/api**")
    }
}
