import Foundation
import Notifier
import Testing

/// Telegram's Bot API as documented at https://core.telegram.org/bots/api#sendmessage (request),
/// https://core.telegram.org/bots/api#html-style (escaping) and
/// https://core.telegram.org/bots/api#responseparameters (flood control's `retry_after`).
@Suite struct TelegramSinkTests {
    static let token = "123456:ABC-SECRET"

    static func sink(_ fake: ServiceFake, _ transport: any HTTPTransport) -> TelegramSink {
        TelegramSink(
            name: "tg",
            endpoint: HTTPEndpoint(url: Secret("\(fake.baseURL)/bot\(token)/sendMessage")),
            options: TelegramDialect.Options(chatID: "-1001234567890"),
            transport: transport
        )
    }

    @Test func testSendMessage_postsHTMLWithValuesEscaped() async throws {
        // Given Telegram answering as it does for a sent message
        let requests = try await ServiceFake.with({ _, _ in .init(status: 200, body: #"{"ok":true,"result":{}}"#) }) {
            fake,
            transport in
            // When a push with a hostile commit title is sent
            let sink = Self.sink(fake, transport)
            let result = await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
            #expect(result == .delivered(httpStatus: 200))
            return fake.requests
        }
        // Then one POST of JSON to /bot<token>/sendMessage, in HTML parse mode, values escaped, links as <a>
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.uri == "/bot\(Self.token)/sendMessage")
        #expect(request.headers["content-type"] == "application/json; charset=utf-8")
        let json = try request.json()
        #expect(json["chat_id"] as? String == "-1001234567890")
        #expect(json["parse_mode"] as? String == "HTML")
        #expect((json["link_preview_options"] as? [String: Any])?["is_disabled"] as? Bool == true)
        let text = try #require(json["text"] as? String)
        #expect(text.hasPrefix("<b>1 new commit</b> on <a href=\"https://gitlab.com/acme/api/-/tree/feature/x_y\">"))
        #expect(text.contains("Fix &lt;parser&gt; &amp; &quot;quotes&quot; *now*"))
        #expect(!text.contains("<parser>"))
    }

    @Test func testFloodControl_isRetriedAfterTheSecondsTelegramAsks() async throws {
        // Given Telegram's flood-control answer
        let answer =
            #"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 7","#
            + #""parameters":{"retry_after":7}}"#
        let result = try await ServiceFake.with({ _, _ in .init(status: 429, body: answer) }) { fake, transport in
            let sink = Self.sink(fake, transport)
            // When a message is sent
            return await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        }
        // Then it is retryable after exactly 7 s, and the reason is Telegram's, without the token
        guard case .failed(let failure) = result else {
            Issue.record("delivered")
            return
        }
        #expect(failure.retryable)
        #expect(failure.retryAfter == .seconds(7))
        #expect(failure.reason == "HTTP 429: Too Many Requests: retry after 7")
    }

    @Test func testFloodControl_throughTheQueue_waitsRetryAfterNotTheBackoff() async throws {
        // Given a queue whose backoff would retry after 5 s, and Telegram asking for 30 s once
        let transport = FakeTransport { index, _ in
            .success(
                index == 0
                    ? SinkResponse(status: 429, body: Data(#"{"ok":false,"parameters":{"retry_after":30}}"#.utf8))
                    : SinkResponse(status: 200, body: Data(#"{"ok":true}"#.utf8))
            )
        }
        let sink = TelegramSink(
            name: "hook",
            endpoint: HTTPEndpoint(url: Secret("https://api.telegram.org/bot\(Self.token)/sendMessage")),
            options: TelegramDialect.Options(chatID: "42"),
            transport: transport
        )
        let harness = DeliveryHarness(sink: sink, transport: transport, policy: SinkWorkerTests.policy())
        let id = try await harness.queue.enqueue(SinkWorkerTests.event(1), sink: "hook")
        // When the worker runs
        await harness.run(until: 1_000)
        // Then the second attempt comes 30 s after the first, and the message is delivered
        #expect(await harness.queue.history(of: id).map(\.tick) == [0, 30])
        #expect(await harness.queue.state(of: id) == .delivered)
    }

    @Test func testOneHugeLine_fallsBackToPlainText_soNoTagIsCut() throws {
        let huge = Fixtures.push([Fixtures.commit(1, message: String(repeating: "<b>", count: 3_000))])
        let template = try MessageTemplate(name: "t", source: "{{#commits}}{{{message}}}{{/commits}}")
        let sink = TelegramSink(
            name: "tg",
            endpoint: HTTPEndpoint(url: Secret("https://api.telegram.org/bot1:A/sendMessage")),
            template: template,
            options: .init(chatID: "1"),
            transport: FakeTransport()
        )
        let json = try PayloadChecks.object(
            try sink.makeMessage(for: DeliveryBatch(events: [huge]), at: Fixtures.date(0))
        )
        #expect(json["parse_mode"] == nil)
        #expect(((json["text"] as? String)?.utf16.count ?? .max) <= 4_096)
    }
}
