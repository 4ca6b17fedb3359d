import Foundation

/// A Slack incoming webhook (`SlackSink`).
public typealias SlackSink = ChatSink<SlackDialect>

/// Slack: `{"text": …}` in mrkdwn, values escaped (`&`, `<`, `>`), at most 40,000 characters (Slack truncates
/// longer messages itself, mid-markup).
public enum SlackDialect: ChatDialect {
    /// The poster's name, icon and channel.
    public typealias Options = ChatPoster

    /// Slack's limit on a message's text, in characters.
    static let textLimit = 40_000

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

    /// The webhook request for a request.batch.
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        let payload = Payload(
            text: TextTruncation.truncate(request.render(.slack).full, to: textLimit, in: .utf16),
            username: request.options.username,
            iconEmoji: request.options.iconEmoji,
            channel: request.options.channel
        )
        return try request.post(payload)
    }
}
