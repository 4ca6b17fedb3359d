import Foundation
import Notifier
import Testing

/// Gotify's message API as documented at https://gotify.net/docs/pushmsg (`POST /message`, the app token in
/// `X-Gotify-Key`) and https://gotify.net/docs/msgextras (`client::display`, `client::notification`).
@Suite struct GotifySinkTests {
    static func sink(_ fake: ServiceFake, _ transport: any HTTPTransport) -> GotifySink {
        GotifySink(
            name: "phone",
            endpoint: HTTPEndpoint(
                url: Secret("\(fake.baseURL)/message"),
                headers: [HTTPHeader("X-Gotify-Key", "AppTokenSECRET", isSecret: true)]
            ),
            options: GotifyDialect.Options(priority: 8),
            transport: transport
        )
    }

    @Test func testSend_postsTheMessageWithMarkdownExtras() async throws {
        // Given a Gotify server accepting messages
        let requests = try await ServiceFake.with({ _, _ in .init(status: 200, body: #"{"id":1}"#) }) {
            fake,
            transport in
            // When the golden push is sent
            let sink = Self.sink(fake, transport)
            let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
            #expect(await sink.send(message) == .delivered(httpStatus: 200))
            return fake.requests
        }
        // Then one POST /message with the token header, title, Markdown message, priority and extras
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.uri == "/message")
        #expect(request.headers["x-gotify-key"] == "AppTokenSECRET")
        let json = try request.json()
        #expect((json["title"] as? String)?.hasPrefix("**1 new commit** on [`feature/x_y`]") == true)
        #expect((json["message"] as? String)?.contains(#"Fix \<parser\> & "quotes" \*now\*"#) == true)
        #expect(json["priority"] as? Int == 8)
        let extras = try #require(json["extras"] as? [String: [String: Any]])
        #expect(extras["client::display"]?["contentType"] as? String == "text/markdown")
        let click = extras["client::notification"]?["click"] as? [String: String]
        #expect(click?["url"]?.hasPrefix("https://gitlab.com/acme/api/-/") == true)
    }

    @Test func testAProxysRateLimit_isRetriedAfterItsRetryAfter() async throws {
        // Gotify has no rate limit of its own; one in front of it answers 429 with Retry-After.
        let result = try await ServiceFake.with({ _, _ in .init(status: 429, headers: ["Retry-After": "3"]) }) {
            fake,
            transport in
            let sink = Self.sink(fake, transport)
            return await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        }
        guard case .failed(let failure) = result else {
            Issue.record("delivered")
            return
        }
        #expect(failure.retryable)
        #expect(failure.retryAfter == .seconds(3))
    }

    @Test func testAWrongToken_isPermanent() async throws {
        let answer =
            #"{"error":"Unauthorized","errorCode":401,"errorDescription":"you need to provide a valid access token"}"#
        let result = try await ServiceFake.with({ _, _ in .init(status: 401, body: answer) }) { fake, transport in
            let sink = Self.sink(fake, transport)
            return await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        }
        guard case .failed(let failure) = result else {
            Issue.record("delivered")
            return
        }
        #expect(!failure.retryable)
        #expect(!failure.reason.contains("AppTokenSECRET"))
    }
}
