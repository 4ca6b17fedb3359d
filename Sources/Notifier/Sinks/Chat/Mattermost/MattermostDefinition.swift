extension SinkKind {
    /// Mattermost incoming webhook.
    public static let mattermost = SinkKind(rawValue: "mattermost")
}

/// The settings of a Mattermost sink.
public typealias MattermostSettings = ChatSettings<MattermostDialect>

/// `type: mattermost` (`username`, `icon_url`, `channel`), or Apprise's
/// `mmost[s]://[botname@]host[:port][/path]/hook_id[?channel=x]` for `http(s)://host[:port][/path]/hooks/hook_id`.
struct MattermostDefinition: SinkDefinition {
    let kind = SinkKind.mattermost
    let keys = ["username", "icon_url", "channel"]
    let urlSchemes = ["mmost", "mmosts"]
    let urlShape = "mmost[s]://host[:port]/hook_id[?channel=x]"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        block.endpoint.map { MattermostSettings(endpoint: $0, options: block.poster()) }
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        guard let hook = url.path.last else { throw NotificationURLError("the hook id is missing") }
        let prefix = url.path.dropLast().map { "/" + NotificationURL.encode($0) }.joined()
        let address = try url.httpURL(
            secure: url.isSecure(base: "mmost"),
            path: "\(prefix)/hooks/\(NotificationURL.encode(hook))"
        )
        return MattermostSettings(
            endpoint: block.endpoint(url: address),
            options: ChatPoster(username: url.user, channel: url.query["channel"])
        )
    }
}
