import Foundation

/// A sink as configured: its kind and settings (secrets resolved, never shown), template and delivery policy.
public struct SinkConfiguration: Sendable {
    /// The sink's name, as rules refer to it.
    public var name: String
    /// The kind.
    public var kind: SinkKind
    /// The settings (`SlackSettings`, `WebhookSettings`, …).
    public var settings: any SinkSettings
    /// The sink's template, or `nil` for the built-in one.
    public var template: MessageTemplate?
    /// Pacing and retries.
    public var policy: DeliveryPolicy
    /// Where the URL came from, for status output (`env SLACK_URL`, `file /run/secrets/x`, `config`).
    public var urlSource: String?

    /// Creates a configuration.
    public init(
        name: String,
        kind: SinkKind,
        settings: any SinkSettings,
        template: MessageTemplate? = nil,
        policy: DeliveryPolicy = DeliveryPolicy(),
        urlSource: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.settings = settings
        self.template = template
        self.policy = policy
        self.urlSource = urlSource
    }

    /// Builds the sink.
    ///
    /// - parameter transport: How HTTP sinks reach the network.
    /// - parameter output: Where stdout sinks write.
    /// - parameter mail: How email sinks reach their SMTP server (the live SwiftNIO client unless a test
    ///   passes another).
    public func makeSink(
        transport: any HTTPTransport,
        output: any TextOutput,
        mail: any MailTransport = NIOSMTPTransport()
    ) -> any Sink {
        settings.makeSink(
            name: name,
            template: template,
            services: SinkServices(transport: transport, output: output, mail: mail)
        )
    }
}
