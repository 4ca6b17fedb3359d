extension SinkKind {
    /// Telegram bot.
    public static let telegram = SinkKind(rawValue: "telegram")
}

/// The settings of a Telegram sink.
public typealias TelegramSettings = ChatSettings<TelegramDialect>

/// Apprise's `tgram://bot_token/chat_id[?silent=yes]`, or `type: telegram` with
/// `url_env` (`https://api.telegram.org/bot<token>/sendMessage`) and `chat_id`.
struct TelegramDefinition: SinkDefinition {
    let kind = SinkKind.telegram
    let keys = ["chat_id", "silent"]
    /// Telegram allows about 20 messages a minute in one group (https://core.telegram.org/bots/faq).
    let defaultRateLimit: RateLimit? = RateLimit(messages: 20, per: 60, burst: 3)
    let urlSchemes = ["tgram"]
    let urlShape = "tgram://bot_token/chat_id"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        guard let endpoint = block.endpoint else { return nil }
        guard let chat = block.map.requiredString("chat_id") else { return nil }
        let options = TelegramDialect.Options(chatID: chat, silent: block.map.bool("silent") ?? false)
        return TelegramSettings(endpoint: endpoint, options: options)
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        let token = url.authority
        guard !token.isEmpty else { throw NotificationURLError("the bot token is missing") }
        guard token.contains(":"), !token.contains(where: { $0.isWhitespace || "/?#".contains($0) }) else {
            throw NotificationURLError("the bot token is not of the form <number>:<key> that @BotFather gives")
        }
        guard url.path.count == 1, let chat = url.path.first else {
            throw NotificationURLError(url.path.isEmpty ? "the chat id is missing" : "give exactly one chat id")
        }
        let silent = ["yes", "true", "1"].contains(url.query["silent"]?.lowercased() ?? "")
        return TelegramSettings(
            endpoint: block.endpoint(url: "https://api.telegram.org/bot\(token)/sendMessage"),
            options: TelegramDialect.Options(chatID: chat, silent: silent)
        )
    }
}
