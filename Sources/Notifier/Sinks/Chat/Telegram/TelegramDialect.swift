import Foundation

/// A Telegram bot posting to a chat (`TelegramSink`).
public typealias TelegramSink = ChatSink<TelegramDialect>

/// Telegram's Bot API `sendMessage` (https://core.telegram.org/bots/api#sendmessage): a POST of
/// `{"chat_id", "text", "parse_mode": "HTML", "link_preview_options": {"is_disabled": true}}` to
/// `https://api.telegram.org/bot<token>/sendMessage`.
///
/// HTML rather than MarkdownV2: in HTML only `<`, `>`, `&` (and `"` in attributes) need escaping
/// (https://core.telegram.org/bots/api#html-style), so a template's own text is never rejected for an
/// unescaped `.` or `-` as MarkdownV2 would. At most 4,096 characters, cut at a line so no tag is split; a
/// flood-control answer (`429` with `parameters.retry_after`, https://core.telegram.org/bots/api#responseparameters)
/// is retried after the seconds it asks for.
public enum TelegramDialect: ChatDialect {
    /// Where the messages go.
    public struct Options: Sendable, Hashable {
        /// The chat: a numeric id (`-1001234567890`) or a public channel's `@name`.
        public var chatID: String
        /// Send without a notification sound.
        public var silent: Bool

        /// Creates options.
        public init(chatID: String, silent: Bool = false) {
            self.chatID = chatID
            self.silent = silent
        }
    }

    /// Telegram's limit on a message's text, in characters.
    static let textLimit = 4_096

    /// No chat: every real sink names one.
    public static var defaultOptions: Options { Options(chatID: "") }

    /// HTML.
    public static func templateDialect(_ options: Options) -> TemplateDialect { .html }

    private struct LinkPreview: Encodable {
        var isDisabled = true
        enum CodingKeys: String, CodingKey { case isDisabled = "is_disabled" }
    }

    private struct Payload: Encodable {
        var chatID: String
        var text: String
        var parseMode: String?
        var linkPreview = LinkPreview()
        var silent: Bool?

        enum CodingKeys: String, CodingKey {
            case text
            case chatID = "chat_id"
            case parseMode = "parse_mode"
            case linkPreview = "link_preview_options"
            case silent = "disable_notification"
        }
    }

    /// The `sendMessage` request for a request.batch.
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        let options = request.options
        var payload = Payload(chatID: options.chatID, text: "", parseMode: "HTML", silent: options.silent ? true : nil)
        if let html = TextTruncation.truncateLines(request.render(.html).full, to: textLimit, in: .utf16) {
            payload.text = html
        } else {
            // Not one line fits: plain text, cut anywhere, with no markup to break.
            payload.text = TextTruncation.truncate(request.render(.plain).full, to: textLimit, in: .utf16)
            payload.parseMode = nil
        }
        return try request.post(payload)
    }

    private struct Answer: Decodable {
        struct Parameters: Decodable {
            var retryAfter: Double?
            enum CodingKeys: String, CodingKey { case retryAfter = "retry_after" }
        }
        var description: String?
        var parameters: Parameters?
    }

    /// `SendResult.classify`, with Telegram's `parameters.retry_after` (seconds) as the wait.
    public static func classify(_ response: SinkResponse) -> SendResult {
        let result = SendResult.classify(response)
        guard case .failed(var failure) = result,
            let answer = try? JSONDecoder().decode(Answer.self, from: response.body)
        else { return result }
        if let seconds = answer.parameters?.retryAfter, seconds >= 0 {
            failure.retryable = true
            failure.retryAfter = .seconds(seconds)
        }
        if let description = answer.description {
            let printable = String(String.UnicodeScalarView(description.unicodeScalars.filter { $0.value >= 0x20 }))
            failure.reason = "HTTP \(response.status): \(String(printable.prefix(200)))"
        }
        return .failed(failure)
    }
}
