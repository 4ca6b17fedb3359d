/// An SMTP server and how to talk to it.
public struct SMTPServer: Sendable, Hashable {
    /// How the connection is protected.
    public enum Security: String, Sendable, Hashable {
        /// No TLS (a relay on localhost or a trusted network only).
        case none
        /// Plain connection upgraded with `STARTTLS`; the server must offer it (no silent downgrade).
        case startTLS = "starttls"
        /// TLS from the first byte (SMTPS, usually port 465).
        case implicitTLS = "ssl"
    }

    /// The host name or address.
    public var host: String
    /// The port.
    public var port: Int
    /// How the connection is protected.
    public var security: Security
    /// The user for `AUTH`, if the server wants one.
    public var user: String?
    /// The password for `AUTH`.
    public var password: Secret?
    /// How long one whole send may take.
    public var timeout: Duration

    /// Creates a server description.
    public init(
        host: String,
        port: Int,
        security: Security,
        user: String? = nil,
        password: Secret? = nil,
        timeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.user = user
        self.password = password
        self.timeout = timeout
    }

    /// `smtp://host:port` or `smtps://host:port`, without credentials, for display.
    public var display: String { "\(security == .implicitTLS ? "smtps" : "smtp")://\(host):\(port)" }
}
