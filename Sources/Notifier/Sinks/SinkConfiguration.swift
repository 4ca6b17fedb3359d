import Foundation

/// A sink as configured: its kind and settings (secrets resolved, never shown), template and delivery policy.
public struct SinkConfiguration: Sendable {
    /// The kind-specific settings.
    public enum Settings: Sendable {
        /// `stdout`
        case stdout(format: StdoutSink.Format)
        /// `webhook`
        case webhook(HTTPEndpoint, signer: WebhookSigner?, maxBodyBytes: Int)
        /// `slack`
        case slack(HTTPEndpoint, SlackSink.Options)
        /// `mattermost`
        case mattermost(HTTPEndpoint, MattermostSink.Options)
        /// `discord`
        case discord(HTTPEndpoint, DiscordSink.Options)
        /// `teams`
        case teams(HTTPEndpoint)
        /// `google_chat`
        case googleChat(HTTPEndpoint)
        /// `ntfy`
        case ntfy(HTTPEndpoint, NtfySink.Options)
    }

    /// The sink's name, as rules refer to it.
    public var name: String
    /// The kind.
    public var kind: SinkKind
    /// The settings.
    public var settings: Settings
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
        settings: Settings,
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
    public func makeSink(transport: any HTTPTransport, output: any TextOutput) -> any Sink {
        switch settings {
        case .stdout(let format):
            StdoutSink(name: name, format: format, template: template, output: output)
        case .webhook(let endpoint, let signer, let maxBodyBytes):
            WebhookSink(
                name: name,
                endpoint: endpoint,
                signer: signer,
                maxBodyBytes: maxBodyBytes,
                transport: transport
            )
        case .slack(let endpoint, let options):
            SlackSink(name: name, endpoint: endpoint, template: template, options: options, transport: transport)
        case .mattermost(let endpoint, let options):
            MattermostSink(name: name, endpoint: endpoint, template: template, options: options, transport: transport)
        case .discord(let endpoint, let options):
            DiscordSink(name: name, endpoint: endpoint, template: template, options: options, transport: transport)
        case .teams(let endpoint):
            TeamsSink(name: name, endpoint: endpoint, template: template, transport: transport)
        case .googleChat(let endpoint):
            GoogleChatSink(name: name, endpoint: endpoint, template: template, transport: transport)
        case .ntfy(let endpoint, let options):
            NtfySink(name: name, endpoint: endpoint, template: template, options: options, transport: transport)
        }
    }
}
