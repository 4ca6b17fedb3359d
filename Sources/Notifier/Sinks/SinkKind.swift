/// The kinds of sink, as written in `type:`.
public enum SinkKind: String, Sendable, Hashable, CaseIterable {
    /// Standard output (text or JSON lines).
    case stdout
    /// glwatch's JSON payload, Standard Webhooks signed.
    case webhook
    /// Slack incoming webhook.
    case slack
    /// Mattermost incoming webhook.
    case mattermost
    /// Discord webhook.
    case discord
    /// Microsoft Teams Workflows webhook (Adaptive Card).
    case teams
    /// Google Chat incoming webhook.
    case googleChat = "google_chat"
    /// ntfy topic.
    case ntfy

    /// The rate limit used unless the sink sets one: what each service tolerates per webhook.
    public var defaultRateLimit: RateLimit? {
        switch self {
        case .stdout, .webhook, .mattermost: nil
        case .slack: RateLimit(messages: 1, per: 1, burst: 3)  // Slack: about one message per second
        case .discord: RateLimit(messages: 5, per: 2, burst: 5)  // Discord: 5 requests per 2 s per webhook
        case .teams: RateLimit(messages: 4, per: 1, burst: 4)  // Teams: 4 requests per second
        case .googleChat: RateLimit(messages: 1, per: 1, burst: 1)  // Chat: 60 writes per minute per space
        case .ntfy: RateLimit(messages: 1, per: 5, burst: 20)  // ntfy.sh: a burst, then one per 5 s
        }
    }
}
