import Foundation

/// The one chat sink: renders a batch with the rule's or the sink's template in the service's markup, lets
/// the service's dialect shape the request, and sends it through the HTTP transport.
///
/// Each service is a `ChatDialect`; `SlackSink`, `DiscordSink`, … are this type with their dialect.
public struct ChatSink<Dialect: ChatDialect>: Sink {
    /// The service's options.
    public typealias Options = Dialect.Options

    /// The sink's name.
    public let name: String
    private let endpoint: HTTPEndpoint
    private let template: MessageTemplate?
    private let builtIn: MessageTemplate
    private let options: Options
    private let transport: any HTTPTransport

    /// Creates a chat sink; without a template, the built-in one for each markup the service is sent.
    public init(
        name: String,
        endpoint: HTTPEndpoint,
        template: MessageTemplate? = nil,
        options: Options = Dialect.defaultOptions,
        transport: any HTTPTransport
    ) {
        self.name = name
        self.endpoint = endpoint
        self.template = template
        self.builtIn = .builtIn(Dialect.templateDialect(options))
        self.options = options
        self.transport = transport
    }

    /// The service's request for a batch.
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let renderer = { [template, builtIn, options] (dialect: TemplateDialect) -> RenderedText in
            // A second body in another markup (Matrix's plain `body`) uses that markup's built-in template.
            let own = template ?? (dialect == Dialect.templateDialect(options) ? builtIn : .builtIn(dialect))
            return RenderedText.render(batch, sinkTemplate: own, dialect: dialect)
        }
        return try Dialect.message(
            for: ChatRequest(batch: batch, options: options, endpoint: endpoint, sink: name, renderer: renderer)
        )
    }

    /// Sends the request.
    public func send(_ message: SinkMessage) async -> SendResult {
        await Dialect.send(message, options: options, endpoint: endpoint, transport: transport)
    }
}
