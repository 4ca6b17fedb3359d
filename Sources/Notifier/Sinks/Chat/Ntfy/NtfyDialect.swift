import Foundation

/// An ntfy topic (`NtfySink`).
public typealias NtfySink = ChatSink<NtfyDialect>

/// ntfy: publishes to a topic with ntfy's JSON publishing (so titles and messages are UTF-8 safe, unlike
/// headers): title from the template's first line, message from the rest (at most 4,096 bytes, ntfy's
/// message limit before it turns a message into an attachment), a click URL to GitLab, tags and priority.
///
/// The configured URL is the topic URL (`https://ntfy.sh/my-topic`); the topic is a secret like any URL.
public enum NtfyDialect: ChatDialect {
    /// Optional publishing settings.
    public struct Options: Sendable, Hashable {
        /// Priority 1 (min) … 5 (max); ntfy's default is 3.
        public var priority: Int?
        /// Tags (ntfy shows known ones as emoji).
        public var tags: [String]
        /// Render the message as Markdown (web app only).
        public var markdown: Bool

        /// Creates options.
        public init(priority: Int? = nil, tags: [String] = [], markdown: Bool = false) {
            self.priority = priority
            self.tags = tags
            self.markdown = markdown
        }
    }

    /// ntfy's default message size limit, in bytes.
    static let messageLimit = 4_096
    /// A title long enough for any summary, short enough for a notification.
    static let titleLimit = 256

    /// No settings.
    public static var defaultOptions: Options { Options() }

    /// Markdown when asked for, else plain text.
    public static func templateDialect(_ options: Options) -> TemplateDialect { options.markdown ? .markdown : .plain }

    private struct Payload: Encodable {
        var topic: String
        var title: String
        var message: String
        var tags: [String]?
        var priority: Int?
        var click: String?
        var markdown: Bool?
    }

    /// The publish request for a batch: a POST of JSON to the server's root with the topic inside.
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        guard case let (server, topic)? = split(request.endpoint.url) else {
            throw SendFailure(retryable: false, reason: "the ntfy URL has no topic")
        }
        let text = request.render(templateDialect(request.options))
        let payload = Payload(
            topic: topic,
            title: TextTruncation.truncate(text.title, to: titleLimit, in: .utf8),
            message: TextTruncation.truncate(
                text.body.isEmpty ? text.title : text.body,
                to: messageLimit,
                in: .utf8
            ),
            tags: request.options.tags.isEmpty ? nil : request.options.tags,
            priority: request.options.priority,
            click: request.batch.events.count == 1 ? TemplateContext.primaryURL(of: request.batch.events[0]) : nil,
            markdown: request.options.markdown ? true : nil
        )
        var message = try request.post(payload)
        message.destination = .http(method: "POST", url: server)
        message.secretsInBody = [Secret(topic)]
        return message
    }

    /// Splits `https://ntfy.example/topic` into the server root and the topic.
    static func split(_ url: Secret) -> (server: Secret, topic: String)? {
        guard var components = URLComponents(string: url.reveal()) else { return nil }
        let parts = components.path.split(separator: "/")
        guard let topic = parts.last, !topic.isEmpty else { return nil }
        components.path = "/" + parts.dropLast().joined(separator: "/")
        components.query = nil
        guard let server = components.string else { return nil }
        return (Secret(server), String(topic))
    }
}
