import Foundation

/// Posts to a Slack incoming webhook: `{"text": …}` in mrkdwn, values escaped (`&`, `<`, `>`), at most
/// 40,000 characters (Slack truncates longer messages itself, mid-markup).
public struct SlackSink: Sink {
    /// Optional overrides Slack's incoming webhooks accept.
    public struct Options: Sendable, Hashable {
        /// Post as this user name.
        public var username: String?
        /// Post with this emoji as icon, for example `:git:`.
        public var iconEmoji: String?

        /// Creates options.
        public init(username: String? = nil, iconEmoji: String? = nil) {
            self.username = username
            self.iconEmoji = iconEmoji
        }
    }

    /// Slack's limit on a message's text, in characters.
    static let textLimit = 40_000

    /// The sink's name.
    public let name: String
    private let endpoint: HTTPEndpoint
    private let template: MessageTemplate
    private let options: Options
    private let transport: any HTTPTransport

    /// Creates a Slack sink; without a template, the built-in one.
    public init(
        name: String,
        endpoint: HTTPEndpoint,
        template: MessageTemplate? = nil,
        options: Options = Options(),
        transport: any HTTPTransport
    ) {
        self.name = name
        self.endpoint = endpoint
        self.template = template ?? .builtIn(.slack)
        self.options = options
        self.transport = transport
    }

    private struct Payload: Encodable {
        var text: String
        var username: String?
        var iconEmoji: String?
        var unfurlLinks = false

        enum CodingKeys: String, CodingKey {
            case text, username
            case iconEmoji = "icon_emoji"
            case unfurlLinks = "unfurl_links"
        }
    }

    /// The webhook request for a batch.
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let text = RenderedText.render(batch, sinkTemplate: template, dialect: .slack).full
        let payload = Payload(
            text: TextTruncation.truncate(text, to: Self.textLimit, in: .utf16),
            username: options.username,
            iconEmoji: options.iconEmoji
        )
        return endpoint.message(id: batch.id, sink: name, body: try EventJSON.encoder().encode(payload))
    }

    /// Posts the request.
    public func send(_ message: SinkMessage) async -> SendResult {
        await endpoint.send(message, through: transport)
    }
}
