extension SinkKind {
    /// Matrix room.
    public static let matrix = SinkKind(rawValue: "matrix")
}

/// The settings of a Matrix sink.
public typealias MatrixSettings = ChatSettings<MatrixDialect>

/// Apprise's `matrix[s]://access_token@host[:port]/#room` (an alias; `:host` is added when it has no server)
/// or `…/!room_id:server`, or `type: matrix` with `url` (the homeserver), `token_env`/`token_file` and `room`.
struct MatrixDefinition: SinkDefinition {
    let kind = SinkKind.matrix
    let keys = ["token", "token_env", "token_file", "room", "notice"]
    let defaultRateLimit: RateLimit? = RateLimit(messages: 1, per: 1, burst: 5)
    let urlSchemes = ["matrix", "matrixs"]
    let urlShape = "matrix[s]://access_token@host[:port]/#room"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        guard var endpoint = block.endpoint, let token = block.secret("token", required: true),
            let room = block.map.requiredString("room")
        else { return nil }
        guard room.hasPrefix("#") || room.hasPrefix("!") else {
            block.error("\(block.map.describe("room")) must be a room id (!…) or an alias (#…)", at: "room")
            return nil
        }
        endpoint.url = Secret(endpoint.url.reveal().trimmingSuffix("/"))
        endpoint.headers.insert(HTTPHeader("Authorization", "Bearer \(token.reveal())", isSecret: true), at: 0)
        return MatrixSettings(
            endpoint: endpoint,
            options: MatrixDialect.Options(room: room, notice: block.map.bool("notice") ?? false)
        )
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        guard let token = url.user, !token.isEmpty else { throw NotificationURLError("the access token is missing") }
        guard url.password == nil else {
            throw NotificationURLError("give an access token, not a user and password")
        }
        let room: String
        if let alias = url.fragment, !alias.isEmpty {
            room = "#" + alias + (alias.contains(":") ? "" : ":\(url.host)")
        } else if let id = url.path.first, id.hasPrefix("!") || id.hasPrefix("#") {
            room = id
        } else {
            throw NotificationURLError("the room is missing")
        }
        let server = try url.httpURL(secure: url.isSecure(base: "matrix"), path: "")
        let authorization = HTTPHeader("Authorization", "Bearer \(token)", isSecret: true)
        return MatrixSettings(
            endpoint: block.endpoint(url: server, extraHeaders: [authorization]),
            options: MatrixDialect.Options(room: room, notice: url.query["msgtype"] == "notice")
        )
    }
}

extension String {
    /// The string without one trailing `suffix`.
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
