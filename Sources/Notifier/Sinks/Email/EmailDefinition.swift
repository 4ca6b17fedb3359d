extension SinkKind {
    /// Email through an SMTP server.
    public static let email = SinkKind(rawValue: "email")
}

/// Apprise's `mailto[s]://[user:pass@]host[:port]?to=a,b&from=c[&mode=ssl|starttls]`, in `url`, `url_env` or
/// `url_file` of a sink block or as the sink itself.
///
/// `mailto://` talks plain SMTP (port 25; a local relay) unless `mode=starttls`; `mailtos://` uses STARTTLS on
/// port 587, or TLS from the start on port 465 or with `mode=ssl`. `from` defaults to `user@host`
/// (or `user` when it is an address), `to` to `from`.
struct EmailDefinition: SinkDefinition {
    let kind = SinkKind.email
    let keys: [String] = []
    let defaultRateLimit: RateLimit? = RateLimit(messages: 1, per: 1, burst: 10)
    let urlSchemes = ["mailto", "mailtos"]
    let urlShape = "mailto[s]://user:pass@host[:port]?to=a,b&from=c"

    func settings(from block: SinkBlock) -> (any SinkSettings)? {
        block.error(
            "email sink \"\(block.name)\" takes a mailto:// or mailtos:// URL (\(urlShape))",
            at: block.urlKey
        )
        return nil
    }

    func settings(from url: NotificationURL, block: SinkBlock) throws(NotificationURLError) -> any SinkSettings {
        guard !url.host.isEmpty else { throw NotificationURLError("the SMTP host is missing") }
        let secure = url.isSecure(base: "mailto")
        let written = try url.port()
        let mode = url.query["mode"]?.lowercased()
        let security: SMTPServer.Security
        switch mode {
        case nil: security = !secure ? .none : written == 465 ? .implicitTLS : .startTLS
        case "ssl", "tls": security = .implicitTLS
        case "starttls": security = .startTLS
        case "insecure", "plain": security = .none
        default: throw NotificationURLError("mode must be ssl, starttls or insecure")
        }
        let port = written ?? (security == .implicitTLS ? 465 : security == .startTLS ? 587 : 25)
        let user = url.user.flatMap { $0.isEmpty ? nil : $0 }
        let from = url.query["from"] ?? user.map { $0.contains("@") ? $0 : "\($0)@\(url.host)" }
        guard let from, Self.isAddress(from) else {
            throw NotificationURLError("the sender is missing or not an address (add ?from=glwatch@example.com)")
        }
        let recipients = (url.query["to"] ?? from).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !recipients.isEmpty, recipients.allSatisfy(Self.isAddress) else {
            throw NotificationURLError("a recipient in to= is not an address")
        }
        if url.password != nil, user == nil { throw NotificationURLError("a password needs a user") }
        if block.map.has("headers") { throw NotificationURLError("\"headers\" has no effect on an email sink") }
        let server = SMTPServer(
            host: url.host,
            port: port,
            security: security,
            user: url.password == nil ? nil : user,
            password: url.password.map(Secret.init),
            timeout: block.loader.timeout(block.map) * 3
        )
        return EmailSettings(server: server, from: from, recipients: recipients)
    }

    /// `local@domain` with no spaces, angle brackets or line breaks (which would break the SMTP envelope).
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
            && !text.contains { $0.isWhitespace || $0.isNewline || "<>,;\"".contains($0) || !$0.isASCII }
    }
}

/// The settings of an email sink.
public struct EmailSettings: SinkSettings {
    /// The SMTP server (its password a secret).
    public var server: SMTPServer
    /// The sender (envelope and `From`).
    public var from: String
    /// The recipients (envelope and `To`).
    public var recipients: [String]

    /// Creates settings.
    public init(server: SMTPServer, from: String, recipients: [String]) {
        self.server = server
        self.from = from
        self.recipients = recipients
    }

    /// An `EmailSink` on the services' mail transport.
    public func makeSink(name: String, template: MessageTemplate?, services: SinkServices) -> any Sink {
        EmailSink(name: name, settings: self, template: template, mail: services.mail)
    }
}
