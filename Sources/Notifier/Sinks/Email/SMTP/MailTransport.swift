/// Sends one email through an SMTP server: the only way email sinks reach the network, so tests can swap it.
public protocol MailTransport: Sendable {
    /// Sends a message and classifies the outcome: delivered on the server's `250` after the data; a `4xx`
    /// reply or a lost connection retryable; a `5xx` reply permanent (a dead letter).
    func send(_ mail: MailMessage, through server: SMTPServer) async -> SendResult
}
