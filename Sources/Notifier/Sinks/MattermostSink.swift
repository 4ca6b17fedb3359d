import Foundation

/// Posts to a Mattermost incoming webhook: `{"text": …}` in Markdown, values escaped and `@channel`-style
/// mentions in them defused, at most 16,383 characters (Mattermost's post size).
public struct MattermostSink: Sink {
    /// Optional overrides Mattermost's incoming webhooks accept (when the server allows them).
    public struct Options: Sendable, Hashable {
        /// Post as this user name.
        public var username: String?
        /// Post with this icon.
        public var iconURL: String?
        /// Post to this channel instead of the webhook's own.
        public var channel: String?

        /// Creates options.
        public init(username: String? = nil, iconURL: String? = nil, channel: String? = nil) {
            self.username = username
            self.iconURL = iconURL
            self.channel = channel
        }
    }

    /// Mattermost's default maximum post size, in characters.
    static let textLimit = 16_383

    /// The sink's name.
    public let name: String
    private let endpoint: HTTPEndpoint
    private let template: MessageTemplate
    private let options: Options
    private let transport: any HTTPTransport

    /// Creates a Mattermost sink; without a template, the built-in one.
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

    private struct Payload: Encodable {
        var text: String
        var username: String?
        var iconURL: String?
        var channel: String?

        enum CodingKeys: String, CodingKey {
            case text, username, channel
            case iconURL = "icon_url"
        }
    }

    /// The webhook request for a batch.
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let text = RenderedText.render(batch, sinkTemplate: template, dialect: .markdown).full
        let payload = Payload(
            text: TextTruncation.truncate(text, to: Self.textLimit, in: .utf16),
            username: options.username,
            iconURL: options.iconURL,
            channel: options.channel
        )
        return endpoint.message(id: batch.id, sink: name, body: try EventJSON.encoder().encode(payload))
    }

    /// Posts the request.
    public func send(_ message: SinkMessage) async -> SendResult {
        await endpoint.send(message, through: transport)
    }
}
