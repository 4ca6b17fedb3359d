/// The settings of a chat sink: where it posts and the service's options.
public struct ChatSettings<Dialect: ChatDialect>: SinkSettings {
    /// The service's endpoint (a secret URL, headers, timeout).
    public var endpoint: HTTPEndpoint
    /// The service's options.
    public var options: Dialect.Options

    /// Creates settings.
    public init(endpoint: HTTPEndpoint, options: Dialect.Options = Dialect.defaultOptions) {
        self.endpoint = endpoint
        self.options = options
    }

    /// A `ChatSink` of the dialect.
    public func makeSink(name: String, template: MessageTemplate?, services: SinkServices) -> any Sink {
        ChatSink<Dialect>(
            name: name,
            endpoint: endpoint,
            template: template,
            options: options,
            transport: services.transport
        )
    }
}
