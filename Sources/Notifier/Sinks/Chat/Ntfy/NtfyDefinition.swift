import Foundation

extension SinkKind {
    /// ntfy topic.
    public static let ntfy = SinkKind(rawValue: "ntfy")
}

/// The settings of an ntfy sink.
public typealias NtfySettings = ChatSettings<NtfyDialect>

/// `type: ntfy` (`token_env`/`token_file`, `priority`, `tags`, `markdown`), or Apprise's
/// `ntfy[s]://[user:pass@|token@]host/topic[?priority=high&tags=a,b]` (`ntfy://topic` is ntfy.sh's topic).
struct NtfyDefinition: SinkDefinition {
    let kind = SinkKind.ntfy
    let keys = ["token", "token_env", "token_file", "priority", "tags", "markdown"]
    let defaultRateLimit: RateLimit? = RateLimit(messages: 1, per: 5, burst: 20)  // ntfy.sh: a burst, then 1 per 5 s
    let urlSchemes = ["ntfy", "ntfys"]
    let urlShape = "ntfy[s]://[user:pass@]host/topic"

    /// ntfy's priority names (https://docs.ntfy.sh/publish/#message-priority).
    static let priorityNames = ["min": 1, "low": 2, "default": 3, "high": 4, "max": 5, "urgent": 5]

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        guard var endpoint = block.endpoint else { return nil }
        let map = block.map
        if let token = block.secret("token") {
            endpoint.headers.append(HTTPHeader("Authorization", "Bearer \(token.reveal())", isSecret: true))
        }
        if NtfyDialect.split(endpoint.url) == nil {
            block.error(
                "the URL of ntfy sink \"\(block.name)\" must name a topic (https://ntfy.sh/<topic>)",
                at: block.urlKey
            )
        }
        let priority = map.int("priority", minimum: 1)
        if let priority, priority > 5 {
            block.error("\(map.describe("priority")) must be 1 to 5", at: "priority")
        }
        let options = NtfyDialect.Options(
            priority: priority,
            tags: (map.strings("tags") ?? []).map(\.0),
            markdown: map.bool("markdown") ?? false
        )
        return NtfySettings(endpoint: endpoint, options: options)
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        let address: String
        if url.path.isEmpty {
            guard !url.authority.isEmpty else { throw NotificationURLError("the topic is missing") }
            address = "https://ntfy.sh/\(NotificationURL.encode(url.authority))"
        } else {
            let path = url.path.map { "/" + NotificationURL.encode($0) }.joined()
            address = try url.httpURL(secure: url.isSecure(base: "ntfy"), path: path)
        }
        var headers: [HTTPHeader] = []
        if let user = url.user, let password = url.password {
            let basic = Data("\(user):\(password)".utf8).base64EncodedString()
            headers.append(HTTPHeader("Authorization", "Basic \(basic)", isSecret: true))
        } else if let token = url.user {
            headers.append(HTTPHeader("Authorization", "Bearer \(token)", isSecret: true))
        }
        var priority: Int?
        if let text = url.query["priority"] {
            guard let value = Int(text).flatMap({ (1...5).contains($0) ? $0 : nil }) ?? Self.priorityNames[text]
            else { throw NotificationURLError("priority must be 1 to 5 or min, low, default, high, max") }
            priority = value
        }
        let tags = url.query["tags"].map { $0.split(separator: ",").map(String.init) } ?? []
        let options = NtfyDialect.Options(priority: priority, tags: tags, markdown: url.query["format"] == "markdown")
        return NtfySettings(endpoint: block.endpoint(url: address, extraHeaders: headers), options: options)
    }
}
