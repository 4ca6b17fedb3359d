extension SinkKind {
    /// Gotify application.
    public static let gotify = SinkKind(rawValue: "gotify")
}

/// The settings of a Gotify sink.
public typealias GotifySettings = ChatSettings<GotifyDialect>

/// Apprise's `gotify[s]://host[:port][/path]/app_token[?priority=n]`, or `type: gotify` with `url` (the
/// server's `…/message`), `token_env`/`token_file` and `priority`.
struct GotifyDefinition: SinkDefinition {
    let kind = SinkKind.gotify
    let keys = ["token", "token_env", "token_file", "priority"]
    let urlSchemes = ["gotify", "gotifys"]
    let urlShape = "gotify[s]://host[:port]/app_token"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        guard var endpoint = block.endpoint, let token = block.secret("token", required: true) else { return nil }
        endpoint.headers.insert(HTTPHeader("X-Gotify-Key", token.reveal(), isSecret: true), at: 0)
        return GotifySettings(endpoint: endpoint, options: GotifyDialect.Options(priority: block.map.int("priority")))
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        guard let token = url.path.last, !token.isEmpty else { throw NotificationURLError("the app token is missing") }
        let prefix = url.path.dropLast().map { "/" + NotificationURL.encode($0) }.joined()
        let address = try url.httpURL(secure: url.isSecure(base: "gotify"), path: "\(prefix)/message")
        var priority: Int?
        if let text = url.query["priority"] {
            guard let value = Int(text), value >= 0 else {
                throw NotificationURLError("priority must be a whole number of at least 0")
            }
            priority = value
        }
        return GotifySettings(
            endpoint: block.endpoint(url: address, extraHeaders: [HTTPHeader("X-Gotify-Key", token, isSecret: true)]),
            options: GotifyDialect.Options(priority: priority)
        )
    }
}
