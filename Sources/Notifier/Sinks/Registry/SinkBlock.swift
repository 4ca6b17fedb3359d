import Yams

/// One sink's block of config as its definition decodes it: the mapping, the resolved http(s) endpoint (for
/// HTTP kinds), and access to secrets, with problems reported at their position.
struct SinkBlock {
    /// The sink's name.
    let name: String
    /// The block (empty for a sink written as one URL).
    let map: YAMLMapping
    /// The endpoint from `url`/`url_env`/`url_file`, when the kind is HTTP and the URL is http(s).
    let endpoint: HTTPEndpoint?
    /// The key the URL came from (for problems about it).
    let urlKey: String
    /// The loader (for secrets read from the environment or files).
    let loader: SinksLoader

    /// The reader collecting problems.
    var reader: YAMLReader { map.reader }

    /// A secret given as `<base>_env` or `<base>_file` (never literally in the file).
    func secret(_ base: String, required: Bool = false) -> Secret? {
        loader.secret(map, base, literalAllowed: false, required: required)?.0
    }

    /// Records a problem at a key's value (or the block when the key is absent).
    func error(_ message: String, at key: String) {
        reader.error(message, at: map.value(key) ?? map.node)
    }
}

extension SinkBlock {
    /// An endpoint for `url` with the block's `headers` and `timeout` and the kind's own `extra` headers.
    func endpoint(url: String, extraHeaders: [HTTPHeader] = []) -> HTTPEndpoint {
        HTTPEndpoint(
            url: Secret(url),
            headers: extraHeaders + loader.headers(map),
            timeout: loader.timeout(map)
        )
    }
}

extension SinkBlock {
    /// `username`, `icon_url`, `avatar_url`, `icon_emoji` and `channel`, as far as the kind has them.
    func poster() -> ChatPoster {
        ChatPoster(
            username: map.string("username"),
            iconURL: map.string("icon_url"),
            avatarURL: map.string("avatar_url"),
            iconEmoji: map.string("icon_emoji"),
            channel: map.string("channel")
        )
    }
}
