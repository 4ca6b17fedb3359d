import Foundation
import Testing

@testable import Notifier

@Suite struct NtfySinkTests {
    static let endpoint = HTTPEndpoint(
        url: Secret("https://ntfy.example.com/glwatch-SECRET-topic"),
        headers: [HTTPHeader("Authorization", "Bearer tk_SECRET", isSecret: true)]
    )

    @Test func testGoldenPayload_publishesJSONToTheServerRoot() throws {
        let sink = NtfySink(
            name: "phone",
            endpoint: Self.endpoint,
            options: .init(priority: 4, tags: ["git"]),
            transport: FakeTransport()
        )
        let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
        #expect(
            message.bodyText == #"""
                {"click":"https://gitlab.com/acme/api/-/compare/ffffffffffffffffffffffffffffffffffffffff...\#
                a1b2c3d4e5f60718293a4b5c6d7e8f9012345678","message":"  - a1b2c3d4 Fix <parser> & \"quotes\" *now* \#
                (Ada @everyone)\nhttps://gitlab.com/acme/api/-/compare/ffffffffffffffffffffffffffffffffffffffff...\#
                a1b2c3d4e5f60718293a4b5c6d7e8f9012345678","priority":4,"tags":["git"],\#
                "title":"1 new commit on feature/x_y in acme/api","topic":"glwatch-SECRET-topic"}
                """#
        )
        guard case .http(_, let url) = message.destination else {
            Issue.record("not HTTP")
            return
        }
        #expect(url.reveal() == "https://ntfy.example.com/")
    }

    @Test func testDryRunDisplay_hidesTheTopicAndToken() throws {
        let sink = NtfySink(name: "phone", endpoint: Self.endpoint, transport: FakeTransport())
        let display = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)).displayText
        #expect(!display.contains("SECRET"))
        #expect(display.contains(#""topic":"<redacted>""#))
        #expect(display.contains("Authorization: <redacted>"))
    }

    @Test func testServerUnderAPath_keepsThePath() throws {
        let split = try #require(NtfyDialect.split(Secret("https://example.com/ntfy/alerts?x=1")))
        #expect(split.server.reveal() == "https://example.com/ntfy")
        #expect(split.topic == "alerts")
        #expect(NtfyDialect.split(Secret("https://ntfy.sh/")) == nil)
    }
}
