import Foundation
import Notifier
import Testing

/// Checks every HTTP payload must pass, whatever went into it.
enum PayloadChecks {
    /// The body parsed as a JSON object (fails the test if it is not valid UTF-8 JSON).
    static func object(
        _ message: SinkMessage,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        #expect(
            String(data: message.body, encoding: .utf8) != nil,
            "body is not valid UTF-8",
            sourceLocation: sourceLocation
        )
        let parsed = try JSONSerialization.jsonObject(with: message.body)
        return try #require(parsed as? [String: Any], sourceLocation: sourceLocation)
    }

    /// The value of a header.
    static func header(_ message: SinkMessage, _ name: String) -> String? {
        message.headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// A sink of each chat kind with the given transport.
    static func chatSinks(
        transport: any HTTPTransport = FakeTransport(),
        template: MessageTemplate? = nil
    )
        -> [any Sink]
    {
        let endpoint = HTTPEndpoint(url: Secret("https://chat.example.com/hooks/T0/SECRET"))
        return [
            SlackSink(name: "slack", endpoint: endpoint, template: template, transport: transport),
            MattermostSink(name: "mattermost", endpoint: endpoint, template: template, transport: transport),
            DiscordSink(name: "discord", endpoint: endpoint, template: template, transport: transport),
            TeamsSink(name: "teams", endpoint: endpoint, template: template, transport: transport),
            GoogleChatSink(name: "google_chat", endpoint: endpoint, template: template, transport: transport),
            NtfySink(
                name: "ntfy",
                endpoint: HTTPEndpoint(url: Secret("https://ntfy.example.com/topic-SECRET")),
                template: template,
                transport: transport
            ),
            TelegramSink(
                name: "telegram",
                endpoint: HTTPEndpoint(url: Secret("https://api.telegram.org/bot1:SECRET/sendMessage")),
                template: template,
                options: .init(chatID: "42"),
                transport: transport
            ),
            MatrixSink(
                name: "matrix",
                endpoint: HTTPEndpoint(url: Secret("https://matrix.example.com")),
                template: template,
                options: .init(room: "!room:example.com"),
                transport: transport
            ),
            GotifySink(
                name: "gotify",
                endpoint: HTTPEndpoint(url: Secret("https://push.example.com/message")),
                template: template,
                transport: transport
            ),
        ]
    }

    /// The text fields a chat payload shows, whatever its shape.
    static func texts(_ object: Any) -> [String] {
        switch object {
        case let string as String: return [string]
        case let array as [Any]: return array.flatMap(texts)
        case let dictionary as [String: Any]:
            return dictionary.filter {
                ["text", "content", "message", "title", "body", "formatted_body"].contains($0.key) || !($0.value is String)
            }
            .values.flatMap(texts)
        default: return []
        }
    }
}
