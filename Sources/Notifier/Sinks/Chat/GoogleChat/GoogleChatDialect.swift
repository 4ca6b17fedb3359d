import Foundation

/// A Google Chat incoming webhook (`GoogleChatSink`).
public typealias GoogleChatSink = ChatSink<GoogleChatDialect>

/// Google Chat: `{"text": …}` with Chat's formatting, `<` in values defused, the whole payload at most
/// 32,000 bytes (Chat's message size).
public enum GoogleChatDialect: ChatDialect {
    /// Google Chat's limit on a message, in bytes.
    static let payloadLimit = 32_000

    /// Chat's formatting.
    public static func templateDialect(_ options: ChatNoOptions) -> TemplateDialect { .googleChat }

    private struct Payload: Encodable {
        var text: String
    }

    /// The webhook request for a request.batch.
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        let overhead = try EventJSON.encoder().encode(Payload(text: "")).count
        let fitted = TextTruncation.truncate(
            request.render(.googleChat).full,
            to: payloadLimit - overhead,
            in: .jsonUTF8
        )
        return try request.post(Payload(text: fitted))
    }
}
