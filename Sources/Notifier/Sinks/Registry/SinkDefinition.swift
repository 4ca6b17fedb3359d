import Foundation

/// Everything glwatch knows about one kind of sink: its name, its config keys and how to decode them, its
/// notification-URL schemes, and its default pacing. One per sink folder, listed in `SinkRegistry`.
protocol SinkDefinition: Sendable {
    /// The kind, as written in `type:`.
    var kind: SinkKind { get }
    /// The keys particular to this kind (beside `SinksLoader.commonKeys` and, for HTTP kinds, `httpKeys`).
    var keys: [String] { get }
    /// Whether the kind takes `url`, `headers` and `timeout` (all but stdout).
    var isHTTP: Bool { get }
    /// Whether a `template` changes anything (not for the webhook's JSON payload).
    var acceptsTemplate: Bool { get }
    /// The pacing used unless the sink sets `rate_limit`.
    var defaultRateLimit: RateLimit? { get }
    /// The notification-URL schemes of this kind (`slack`, `mmost`, `mmosts`, …).
    var urlSchemes: [String] { get }
    /// The URL's expected shape, shown when one is malformed (`tgram://bot_token/chat_id`).
    var urlShape: String { get }

    /// Decodes a sink block whose `url` (if the kind is HTTP) is an http(s) URL; problems go to the block's
    /// reader, and `nil` comes back when there were any.
    func settings(from block: SinkBlock) -> (any SinkSettings)?

    /// Decodes a notification URL (`slack://…`); throws a message that names no secret.
    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings
}

extension SinkDefinition {
    var isHTTP: Bool { true }
    var acceptsTemplate: Bool { true }
    var defaultRateLimit: RateLimit? { nil }
    var urlSchemes: [String] { [] }
    var urlShape: String { "" }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        throw NotificationURLError("\(kind) sinks have no notification URL")
    }
}
