import Foundation

/// Posts to a Google Chat incoming webhook: `{"text": …}` with Chat's formatting, `<` in values defused, the
/// whole payload at most 32,000 bytes (Chat's message size).
public struct GoogleChatSink: Sink {
    /// Google Chat's limit on a message, in bytes.
    static let payloadLimit = 32_000

    /// The sink's name.
    public let name: String
    private let endpoint: HTTPEndpoint
    private let template: MessageTemplate
    private let transport: any HTTPTransport

    /// Creates a Google Chat sink; without a template, the built-in one.
    public init(name: String, endpoint: HTTPEndpoint, template: MessageTemplate? = nil, transport: any HTTPTransport) {
        self.name = name
        self.endpoint = endpoint
        self.template = template ?? .builtIn(.googleChat)
        self.transport = transport
    }

    private struct Payload: Encodable {
        var text: String
    }

    /// The webhook request for a batch.
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let text = RenderedText.render(batch, sinkTemplate: template, dialect: .googleChat).full
        let overhead = try EventJSON.encoder().encode(Payload(text: "")).count
        let fitted = TextTruncation.truncate(text, to: Self.payloadLimit - overhead, in: .jsonUTF8)
        return endpoint.message(id: batch.id, sink: name, body: try EventJSON.encoder().encode(Payload(text: fitted)))
    }

    /// Posts the request.
    public func send(_ message: SinkMessage) async -> SendResult {
        await endpoint.send(message, through: transport)
    }
}
