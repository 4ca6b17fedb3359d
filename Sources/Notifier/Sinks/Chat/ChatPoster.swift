/// Who a chat message appears to come from and where it goes, for the services whose incoming webhooks let a
/// message say so (Slack, Mattermost, Discord); each service sends the fields it knows.
public struct ChatPoster: Sendable, Hashable {
    /// Post as this user name.
    public var username: String?
    /// Post with this icon (Mattermost's `icon_url`, Discord's `avatar_url`).
    public var iconURL: String?
    /// Post with this emoji as icon, for example `:git:` (Slack).
    public var iconEmoji: String?
    /// Post to this channel instead of the webhook's own (Mattermost, legacy Slack webhooks).
    public var channel: String?

    /// Creates a poster; `avatarURL` is Discord's name for `iconURL`.
    public init(
        username: String? = nil,
        iconURL: String? = nil,
        avatarURL: String? = nil,
        iconEmoji: String? = nil,
        channel: String? = nil
    ) {
        self.username = username
        self.iconURL = iconURL ?? avatarURL
        self.iconEmoji = iconEmoji
        self.channel = channel
    }
}
