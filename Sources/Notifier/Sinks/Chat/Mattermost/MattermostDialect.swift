import Foundation

/// A Mattermost incoming webhook (`MattermostSink`).
public typealias MattermostSink = ChatSink<MattermostDialect>

/// Mattermost: `{"text": …}` in Markdown, values escaped and `@channel`-style mentions in them defused, at most
/// 16,383 characters (Mattermost's post size).
public enum MattermostDialect: ChatDialect {
    /// The poster's name, icon and channel.
    public typealias Options = ChatPoster

    /// Mattermost's default maximum post size, in characters.
    static let textLimit = 16_383

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

    /// The webhook request for a request.batch.
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        let payload = Payload(
            text: TextTruncation.truncate(request.render(.markdown).full, to: textLimit, in: .utf16),
            username: request.options.username,
            iconURL: request.options.iconURL,
            channel: request.options.channel
        )
        return try request.post(payload)
    }
}
