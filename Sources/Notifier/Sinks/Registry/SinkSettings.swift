/// A sink's decoded, validated settings (secrets resolved, never shown): everything but its name and
/// template, which `SinkConfiguration` holds, and able to build the sink.
public protocol SinkSettings: Sendable {
    /// Builds the sink.
    func makeSink(name: String, template: MessageTemplate?, services: SinkServices) -> any Sink
}

/// The side effects sinks are built on, chosen at the composition root.
public struct SinkServices: Sendable {
    /// How HTTP sinks reach the network.
    public var transport: any HTTPTransport
    /// Where stdout sinks write.
    public var output: any TextOutput
    /// How email sinks reach their SMTP server.
    public var mail: any MailTransport

    /// Creates the services.
    public init(transport: any HTTPTransport, output: any TextOutput, mail: any MailTransport) {
        self.transport = transport
        self.output = output
        self.mail = mail
    }
}
