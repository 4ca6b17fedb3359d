import Foundation

/// The exact message a sink sends for a batch: for HTTP sinks the request, for stdout the text.
///
/// Dry runs show it with `displayText`, which never reveals the URL's secret parts or secret headers.
public struct SinkMessage: Sendable {
    /// Where the message goes.
    public enum Destination: Sendable {
        /// An HTTP request to a URL (a secret).
        case http(method: String, url: Secret)
        /// The sink's output stream.
        case output
        /// An email through an SMTP server (`smtp://host:port`, no credentials) to these recipients.
        case mail(server: String, recipients: [String])
    }

    /// The stable id of the message: the event's id, or the digest's (see `EventID.digest(of:)`).
    public var id: String
    /// The sink's name.
    public var sink: String
    /// Where the message goes.
    public var destination: Destination
    /// The headers (HTTP only).
    public var headers: [HTTPHeader]
    /// The body: JSON for HTTP sinks, the text for stdout.
    public var body: Data
    /// Secrets the body contains (an ntfy topic), shown as `<redacted>` in `displayText`.
    public var secretsInBody: [Secret]

    /// Creates a message.
    public init(
        id: String,
        sink: String,
        destination: Destination,
        headers: [HTTPHeader] = [],
        body: Data,
        secretsInBody: [Secret] = []
    ) {
        self.id = id
        self.sink = sink
        self.destination = destination
        self.headers = headers
        self.body = body
        self.secretsInBody = secretsInBody
    }

    /// The body as text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The message as a dry run prints it: request line with the URL reduced to scheme and host, headers
    /// (secret ones redacted), a blank line and the body (secrets in it redacted).
    public var displayText: String {
        let body = secretsInBody.reduce(bodyText) { text, secret in
            text.replacingOccurrences(of: secret.reveal(), with: "<redacted>")
        }
        switch destination {
        case .output:
            return body
        case .mail(let server, let recipients):
            return (["SMTP \(server) to \(recipients.joined(separator: ", "))", ""] + [body]).joined(separator: "\n")
        case .http(let method, let url):
            let lines = ["\(method) \(Self.displayURL(url))"] + headers.map(\.displayLine) + ["", body]
            return lines.joined(separator: "\n")
        }
    }

    /// A sink URL for display: scheme and host only (`https://hooks.slack.com/…`), because paths and queries
    /// of chat webhooks carry their tokens.
    public static func displayURL(_ url: Secret) -> String {
        guard let components = URLComponents(string: url.reveal()), let scheme = components.scheme,
            let host = components.host
        else { return "<redacted>" }
        let port = components.port.map { ":\($0)" } ?? ""
        let hasMore = !(components.path.isEmpty || components.path == "/") || components.query != nil
        return "\(scheme)://\(host)\(port)/\(hasMore ? "…" : "")"
    }
}
