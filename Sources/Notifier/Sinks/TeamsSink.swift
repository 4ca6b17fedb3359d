import Foundation

/// Posts to a Microsoft Teams Workflows webhook ("When a Teams webhook request is received").
///
/// It sends a message with one Adaptive Card (the retired Office 365 connector card format is not used). The title is a
/// bold text block, the rest a wrapping Markdown text block, plus an "Open in GitLab" button; the whole payload stays
/// under 28 KB, Teams' message size.
public struct TeamsSink: Sink {
    /// Teams' limit on a message, in bytes.
    static let payloadLimit = 28_000

    /// The sink's name.
    public let name: String
    private let endpoint: HTTPEndpoint
    private let template: MessageTemplate
    private let transport: any HTTPTransport

    /// Creates a Teams sink; without a template, the built-in one.
    public init(name: String, endpoint: HTTPEndpoint, template: MessageTemplate? = nil, transport: any HTTPTransport) {
        self.name = name
        self.endpoint = endpoint
        self.template = template ?? .builtIn(.markdown)
        self.transport = transport
    }

    /// The webhook request for a batch.
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let text = RenderedText.render(batch, sinkTemplate: template, dialect: .markdown)
        let url = batch.events.count == 1 ? TemplateContext.primaryURL(of: batch.events[0]) : nil
        let title = TextTruncation.truncate(text.title, to: 1_000, in: .jsonUTF8)
        let overhead = try encode(title: title, body: " ", url: url).count - 1
        let body = TextTruncation.truncate(text.body, to: Self.payloadLimit - overhead, in: .jsonUTF8)
        return endpoint.message(id: batch.id, sink: name, body: try encode(title: title, body: body, url: url))
    }

    /// Posts the request.
    public func send(_ message: SinkMessage) async -> SendResult {
        await endpoint.send(message, through: transport)
    }

    private func encode(title: String, body: String, url: String?) throws -> Data {
        var blocks = [TextBlock(text: title, weight: "Bolder", size: "Medium")]
        if !body.isEmpty { blocks.append(TextBlock(text: body)) }
        let card = Card(body: blocks, actions: url.map { [OpenURL(url: $0)] } ?? [])
        let message = Message(attachments: [Attachment(content: card)])
        return try EventJSON.encoder().encode(message)
    }

    private struct Message: Encodable {
        var type = "message"
        var attachments: [Attachment]
    }

    private struct Attachment: Encodable {
        var contentType = "application/vnd.microsoft.card.adaptive"
        var content: Card
    }

    private struct Card: Encodable {
        var schema = "http://adaptivecards.io/schemas/adaptive-card.json"
        var type = "AdaptiveCard"
        var version = "1.4"
        var msteams = ["width": "Full"]
        var body: [TextBlock]
        var actions: [OpenURL]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case type, version, msteams, body, actions
        }
    }

    private struct TextBlock: Encodable {
        var type = "TextBlock"
        var text: String
        var wrap = true
        var weight: String?
        var size: String?

        init(text: String, weight: String? = nil, size: String? = nil) {
            self.text = text
            self.weight = weight
            self.size = size
        }
    }

    private struct OpenURL: Encodable {
        var type = "Action.OpenUrl"
        var title = "Open in GitLab"
        var url: String
    }
}
