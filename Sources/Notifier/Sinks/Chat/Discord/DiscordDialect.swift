import Foundation

/// A Discord webhook (`DiscordSink`).
public typealias DiscordSink = ChatSink<DiscordDialect>

/// Discord: `{"content": …}` in Markdown with `allowed_mentions` empty, so no text in a commit can ping
/// `@everyone`, a role or a user; at most 2,000 characters.
public enum DiscordDialect: ChatDialect {
    /// The poster's name, icon and channel.
    public typealias Options = ChatPoster

    /// Discord's limit on a message's content, in characters.
    static let textLimit = 2_000

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

    /// The webhook request for a request.batch.
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        let payload = Payload(
            content: TextTruncation.truncate(request.render(.markdown).full, to: textLimit, in: .utf16),
            username: request.options.username,
            avatarURL: request.options.iconURL
        )
        return try request.post(payload)
    }
}
