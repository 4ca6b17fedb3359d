extension SinkKind {
    /// Discord webhook.
    public static let discord = SinkKind(rawValue: "discord")
}

/// The settings of a Discord sink.
public typealias DiscordSettings = ChatSettings<DiscordDialect>

/// `type: discord` (`username`, `avatar_url`), or Apprise's `discord://[botname@]webhook_id/webhook_token` for
/// `https://discord.com/api/webhooks/webhook_id/webhook_token`.
struct DiscordDefinition: SinkDefinition {
    let kind = SinkKind.discord
    let keys = ["username", "avatar_url"]
    let defaultRateLimit: RateLimit? = RateLimit(messages: 5, per: 2, burst: 5)  // 5 requests per 2 s per webhook
    let urlSchemes = ["discord"]
    let urlShape = "discord://webhook_id/webhook_token"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        block.endpoint.map { DiscordSettings(endpoint: $0, options: block.poster()) }
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        guard !url.authority.isEmpty else { throw NotificationURLError("the webhook id is missing") }
        guard url.path.count == 1 else { throw NotificationURLError("the webhook token is missing") }
        let path = ([url.authority] + url.path).map(NotificationURL.encode).joined(separator: "/")
        return DiscordSettings(
            endpoint: block.endpoint(url: "https://discord.com/api/webhooks/\(path)"),
            options: ChatPoster(username: url.user)
        )
    }
}
