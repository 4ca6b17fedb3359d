import Foundation

/// Posts to a Discord webhook: `{"content": …}` in Markdown with `allowed_mentions` empty, so no text in a
/// commit can ping `@everyone`, a role or a user; at most 2,000 characters.
public struct DiscordSink: Sink {
    /// Optional overrides Discord's webhooks accept.
    public struct Options: Sendable, Hashable {
        /// Post as this user name.
        public var username: String?
        /// Post with this avatar.
        public var avatarURL: String?

        /// Creates options.
        public init(username: String? = nil, avatarURL: String? = nil) {
            self.username = username
            self.avatarURL = avatarURL
        }
    }

    /// Discord's limit on a message's content, in characters.
    static let textLimit = 2_000

    /// The sink's name.
    public let name: String
    private let endpoint: HTTPEndpoint
    private let template: MessageTemplate
    private let options: Options
    private let transport: any HTTPTransport

    /// Creates a Discord sink; without a template, the built-in one.
    public init(
        name: String,
        endpoint: HTTPEndpoint,
        template: MessageTemplate? = nil,
        options: Options = Options(),
        transport: any HTTPTransport
    ) {
        self.name = name
        self.endpoint = endpoint
        self.template = template ?? .builtIn(.markdown)
        self.options = options
        self.transport = transport
    }

    private struct AllowedMentions: Encodable {
        var parse: [String] = []
    }

    private struct Payload: Encodable {
        var content: String
        var allowedMentions = AllowedMentions()
        var username: String?
        var avatarURL: String?

        enum CodingKeys: String, CodingKey {
            case content, username
            case allowedMentions = "allowed_mentions"
            case avatarURL = "avatar_url"
        }
    }

    /// The webhook request for a batch.
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let text = RenderedText.render(batch, sinkTemplate: template, dialect: .markdown).full
        let payload = Payload(
            content: TextTruncation.truncate(text, to: Self.textLimit, in: .utf16),
            username: options.username,
            avatarURL: options.avatarURL
        )
        return endpoint.message(id: batch.id, sink: name, body: try EventJSON.encoder().encode(payload))
    }

    /// Posts the request.
    public func send(_ message: SinkMessage) async -> SendResult {
        await endpoint.send(message, through: transport)
    }
}
