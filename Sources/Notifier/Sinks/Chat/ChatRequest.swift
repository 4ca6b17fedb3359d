/// What a `ChatDialect` turns into its service's request: the batch, a renderer for it, the options and the
/// endpoint.
public struct ChatRequest<Dialect: ChatDialect> {
    /// The events to send.
    public let batch: DeliveryBatch
    /// The service's options.
    public let options: Dialect.Options
    /// Where the request goes.
    public let endpoint: HTTPEndpoint
    /// The sink's name.
    public let sink: String
    let renderer: (TemplateDialect) -> RenderedText

    /// The batch rendered with the rule's or the sink's template in `dialect` (another markup than the
    /// service's own uses that markup's built-in template, unless the user gave one).
    public func render(_ dialect: TemplateDialect) -> RenderedText { renderer(dialect) }

    /// A JSON POST of `payload` to the endpoint, with glwatch's standard headers and the sink's own.
    public func post(_ payload: some Encodable) throws -> SinkMessage {
        endpoint.message(id: batch.id, sink: sink, body: try EventJSON.encoder().encode(payload))
    }
}
