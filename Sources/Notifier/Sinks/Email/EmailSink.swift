import Foundation

/// Sends each notification as an email through an SMTP server (see `MailComposer` for the message and
/// `NIOSMTPTransport` for the exchange); delivery, retries and the circuit breaker are the queue's, like
/// every sink's: a `4xx` reply is retried, a `5xx` one is a dead letter.
public struct EmailSink: Sink {
    /// The sink's name.
    public let name: String
    private let settings: EmailSettings
    private let template: MessageTemplate?
    private let mail: any MailTransport

    /// Creates an email sink; without a template, the built-in one (rendered as plain text and as HTML).
    public init(name: String, settings: EmailSettings, template: MessageTemplate? = nil, mail: any MailTransport) {
        self.name = name
        self.settings = settings
        self.template = template
        self.mail = mail
    }

    /// The message, as it would be sent at `time` (its `Date`).
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let render = { (dialect: TemplateDialect) in
            RenderedText.render(batch, sinkTemplate: template ?? .builtIn(dialect), dialect: dialect).full
        }
        let data = MailComposer.compose(
            batch: batch,
            plain: render(.plain),
            html: render(.html),
            from: settings.from,
            recipients: settings.recipients,
            sink: name,
            at: time
        )
        return SinkMessage(
            id: batch.id,
            sink: name,
            destination: .mail(server: settings.server.display, recipients: settings.recipients),
            body: data
        )
    }

    /// Sends the message through the SMTP server.
    public func send(_ message: SinkMessage) async -> SendResult {
        let result = await mail.send(
            MailMessage(from: settings.from, recipients: settings.recipients, data: message.body),
            through: settings.server
        )
        guard case .failed(var failure) = result, let password = settings.server.password?.reveal(),
            !password.isEmpty
        else { return result }
        failure.reason = failure.reason.replacingOccurrences(of: password, with: "<redacted>")
        return .failed(failure)
    }
}
