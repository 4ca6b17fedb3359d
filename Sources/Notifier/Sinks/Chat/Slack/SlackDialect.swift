import Foundation

/// A Slack incoming webhook (`SlackSink`).
public typealias SlackSink = ChatSink<SlackDialect>

/// Slack: `{"text": …}` in mrkdwn, values escaped (`&`, `<`, `>`), at most 40,000 characters (Slack truncates
/// longer messages itself, mid-markup).
public enum SlackDialect: ChatDialect {
    /// Optional overrides Slack's incoming webhooks accept.
    public struct Options: Sendable, Hashable {
        /// Post as this user name.
        public var username: String?
        /// Post with this emoji as icon, for example `:git:`.
        public var iconEmoji: String?
        /// Post to this channel (legacy webhooks only; Apprise's `slack://…/#channel`).
        public var channel: String?

        /// Creates options.
        public init(username: String? = nil, iconEmoji: String? = nil, channel: String? = nil) {
            self.username = username
            self.iconEmoji = iconEmoji
            self.channel = channel
        }
    }

    /// Slack's limit on a message's text, in characters.
    static let textLimit = 40_000

    /// No overrides.
    public static var defaultOptions: Options { Options() }

    /// Slack mrkdwn.
    public static func templateDialect(_ options: Options) -> TemplateDialect { .slack }

    private struct Payload: Encodable {
        var text: String
        var username: String?
        var iconEmoji: String?
        var channel: String?
        var unfurlLinks = false

        enum CodingKeys: String, CodingKey {
            case text, username, channel
            case iconEmoji = "icon_emoji"
            case unfurlLinks = "unfurl_links"
        }
    }

    /// The webhook request for a batch.
    public static func message(
        for batch: DeliveryBatch,
        render: (TemplateDialect) -> RenderedText,
        options: Options,
        endpoint: HTTPEndpoint,
        sink: String
    ) throws -> SinkMessage {
        let payload = Payload(
            text: TextTruncation.truncate(render(.slack).full, to: textLimit, in: .utf16),
            username: options.username,
            iconEmoji: options.iconEmoji,
            channel: options.channel
        )
        return endpoint.message(id: batch.id, sink: sink, body: try EventJSON.encoder().encode(payload))
    }
}
