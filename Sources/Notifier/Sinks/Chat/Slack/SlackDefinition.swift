extension SinkKind {
    /// Slack incoming webhook.
    public static let slack = SinkKind(rawValue: "slack")
}

/// The settings of a Slack sink.
public typealias SlackSettings = ChatSettings<SlackDialect>

/// `type: slack` (`username`, `icon_emoji`, `channel`), or Apprise's
/// `slack://[botname@]TokenA/TokenB/TokenC[/#channel]`
/// for `https://hooks.slack.com/services/TokenA/TokenB/TokenC`.
struct SlackDefinition: SinkDefinition {
    let kind = SinkKind.slack
    let keys = ["username", "icon_emoji", "channel"]
    let defaultRateLimit: RateLimit? = RateLimit(messages: 1, per: 1, burst: 3)  // Slack: about one message per second
    let urlSchemes = ["slack"]
    let urlShape = "slack://TokenA/TokenB/TokenC[/#channel]"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        block.endpoint.map { SlackSettings(endpoint: $0, options: block.poster()) }
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        let tokens = [url.authority] + url.path
        guard tokens.count == 3, tokens.allSatisfy({ !$0.isEmpty }) else {
            throw NotificationURLError("it needs exactly three tokens, found \(tokens.filter { !$0.isEmpty }.count)")
        }
        let path = tokens.map(NotificationURL.encode).joined(separator: "/")
        return SlackSettings(
            endpoint: block.endpoint(url: "https://hooks.slack.com/services/\(path)"),
            options: ChatPoster(username: url.user, channel: url.fragment.map { "#\($0)" })
        )
    }
}
