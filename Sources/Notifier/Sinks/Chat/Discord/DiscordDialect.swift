import Foundation

/// A Discord webhook (`DiscordSink`).
public typealias DiscordSink = ChatSink<DiscordDialect>

/// Discord: `{"content": …}` in Markdown with `allowed_mentions` empty, so no text in a commit can ping
/// `@everyone`, a role or a user; at most 2,000 characters.
public enum DiscordDialect: ChatDialect {
    /// Optional overrides Discord's webhooks accept.
    public struct Options: Sendable, Hashable {
        /// Post as this user name.
        public var username: String?
        /// Post with this avatar.
        public var avatarURL: String?

        /// Creates options.
        public init(username: String? = nil, avatarURL: String? = nil) {
            self.username = username
            self.avatarURL = avatarURL
        }
    }

    /// Discord's limit on a message's content, in characters.
    static let textLimit = 2_000

    /// No overrides.
    public static var defaultOptions: Options { Options() }

    /// Markdown.
    public static func templateDialect(_ options: Options) -> TemplateDialect { .markdown }

    private struct AllowedMentions: Encodable {
        var parse: [String] = []
    }

    private struct Payload: Encodable {
        var content: String
        var allowedMentions = AllowedMentions()
        var username: String?
        var avatarURL: String?

        enum CodingKeys: String, CodingKey {
            case content, username
            case allowedMentions = "allowed_mentions"
            case avatarURL = "avatar_url"
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
            content: TextTruncation.truncate(render(.markdown).full, to: textLimit, in: .utf16),
            username: options.username,
            avatarURL: options.avatarURL
        )
        return endpoint.message(id: batch.id, sink: sink, body: try EventJSON.encoder().encode(payload))
    }
}
