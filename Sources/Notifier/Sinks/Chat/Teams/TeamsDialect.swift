import Foundation

/// A Microsoft Teams Workflows webhook (`TeamsSink`).
public typealias TeamsSink = ChatSink<TeamsDialect>

/// Microsoft Teams Workflows webhook ("When a Teams webhook request is received").
///
/// It sends a message with one Adaptive Card (the retired Office 365 connector card format is not used). The title is a
/// bold text block, the rest a wrapping Markdown text block, plus an "Open in GitLab" button; the whole payload stays
/// under 28 KB, Teams' message size.
public enum TeamsDialect: ChatDialect {
    /// Teams' limit on a message, in bytes.
    static let payloadLimit = 28_000

    /// Markdown.
    public static func templateDialect(_ options: ChatNoOptions) -> TemplateDialect { .markdown }

    /// The webhook request for a request.batch.
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        let text = request.render(.markdown)
        let url = request.batch.events.count == 1 ? TemplateContext.primaryURL(of: request.batch.events[0]) : nil
        let title = TextTruncation.truncate(text.title, to: 1_000, in: .jsonUTF8)
        let overhead = try encode(title: title, body: " ", url: url).count - 1
        let body = TextTruncation.truncate(text.body, to: payloadLimit - overhead, in: .jsonUTF8)
        return request.endpoint.message(
            id: request.batch.id,
            sink: request.sink,
            body: try encode(title: title, body: body, url: url)
        )
    }

    private static func encode(title: String, body: String, url: String?) throws -> Data {
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
