import Foundation

/// Prints notifications: readable text (the title in colour, only on a terminal) or JSON lines (one event
/// or digest payload per line, the webhook's shape) for scripts.
public struct StdoutSink: Sink {
    /// What the sink prints.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// The rendered template.
        case text
        /// One JSON payload per line.
        case json
    }

    /// The sink's name.
    public let name: String
    private let format: Format
    private let template: MessageTemplate
    private let output: any TextOutput

    /// Creates a stdout sink; without a template, the built-in plain-text one.
    public init(name: String, format: Format = .text, template: MessageTemplate? = nil, output: any TextOutput) {
        self.name = name
        self.format = format
        self.template = template ?? .builtIn(.plain)
        self.output = output
    }

    /// The text to print for a batch.
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let text: String
        switch format {
        case .json:
            text = String(decoding: try WebhookPayload.encode(batch, maxBytes: .max), as: UTF8.self) + "\n"
        case .text:
            let rendered = RenderedText.render(batch, sinkTemplate: template, dialect: .plain)
            let title = output.isTerminal ? Self.colour(rendered.title, for: batch.events) : rendered.title
            text = title + (rendered.body.isEmpty ? "" : "\n" + rendered.body) + "\n\n"
        }
        return SinkMessage(id: batch.id, sink: name, destination: .output, body: Data(text.utf8))
    }

    /// Prints the text.
    public func send(_ message: SinkMessage) async -> SendResult {
        do {
            try output.write(message.bodyText)
            return .delivered(httpStatus: nil)
        } catch {
            return .failed(SendFailure(retryable: true, reason: "cannot write to standard output: \(error)"))
        }
    }

    /// Bold, coloured by how much attention the event deserves: red for trouble, yellow for rewrites.
    private static func colour(_ title: String, for events: [WatchEvent]) -> String {
        let code: String
        switch events.first?.type {
        case .projectUnreachable, .projectStalled, .watcherLagging, .instanceUnreachable: code = "1;31"
        case .branchForcePushed, .branchDeleted, .tokenExpiring, .tagDeleted: code = "1;33"
        case .contributorNew: code = "1;35"
        case .projectRecovered, .instanceRecovered: code = "1;32"
        default: code = "1;36"
        }
        return "\u{1B}[\(code)m\(title)\u{1B}[0m"
    }
}
