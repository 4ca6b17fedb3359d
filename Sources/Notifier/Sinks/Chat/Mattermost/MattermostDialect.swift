import Foundation

/// A Mattermost incoming webhook (`MattermostSink`).
public typealias MattermostSink = ChatSink<MattermostDialect>

/// Mattermost: `{"text": …}` in Markdown, values escaped and `@channel`-style mentions in them defused, at most
/// 16,383 characters (Mattermost's post size).
public enum MattermostDialect: ChatDialect {
    /// Optional overrides Mattermost's incoming webhooks accept (when the server allows them).
    public struct Options: Sendable, Hashable {
        /// Post as this user name.
        public var username: String?
        /// Post with this icon.
        public var iconURL: String?
        /// Post to this channel instead of the webhook's own.
        public var channel: String?

        /// Creates options.
        public init(username: String? = nil, iconURL: String? = nil, channel: String? = nil) {
            self.username = username
            self.iconURL = iconURL
            self.channel = channel
        }
    }

    /// Mattermost's default maximum post size, in characters.
    static let textLimit = 16_383

    /// No overrides.
    public static var defaultOptions: Options { Options() }

    /// Markdown.
    public static func templateDialect(_ options: Options) -> TemplateDialect { .markdown }

    private struct Payload: Encodable {
        var text: String
        var username: String?
        var iconURL: String?
        var channel: String?

        enum CodingKeys: String, CodingKey {
            case text, username, channel
            case iconURL = "icon_url"
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
            text: TextTruncation.truncate(render(.markdown).full, to: textLimit, in: .utf16),
            username: options.username,
            iconURL: options.iconURL,
            channel: options.channel
        )
        return endpoint.message(id: batch.id, sink: sink, body: try EventJSON.encoder().encode(payload))
    }
}
