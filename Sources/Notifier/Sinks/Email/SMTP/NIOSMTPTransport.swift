import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// The live `MailTransport`: an SMTP client on SwiftNIO and swift-nio-ssl (RFC 5321 with STARTTLS, RFC 3207,
/// and AUTH PLAIN / LOGIN, RFC 4616 and the LOGIN draft).
///
/// One connection per message: greeting, `EHLO`, `STARTTLS` and `EHLO` again when asked, `AUTH`,
/// `MAIL FROM`, one `RCPT TO` per recipient, `DATA`, `QUIT`. Every recipient must be accepted, or nothing is
/// sent (so a retry never reaches anyone twice). The whole exchange has one deadline.
public struct NIOSMTPTransport: MailTransport {
    private let group: any EventLoopGroup
    private let trustRootsFile: String?
    private let heloName: String

    /// Creates a transport.
    ///
    /// - parameter group: The event loops (NIO's shared singleton unless a caller brings its own).
    /// - parameter trustRootsFile: A PEM file of extra certificate authorities to trust (a private CA, or a
    ///   test's own certificate).
    /// - parameter heloName: The name glwatch gives in `EHLO`.
    public init(
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        trustRootsFile: String? = nil,
        heloName: String = "glwatch.localhost"
    ) {
        self.group = group
        self.trustRootsFile = trustRootsFile
        self.heloName = heloName
    }

    /// Sends one message; see the type's documentation for the exchange.
    public func send(_ mail: MailMessage, through server: SMTPServer) async -> SendResult {
        do {
            try await exchange(mail, server)
            return .delivered(httpStatus: nil)
        } catch let error as SMTPError {
            return .failed(SendFailure(retryable: error.retryable, reason: error.description))
        } catch let error as NIOSSLError {
            return .failed(SendFailure(retryable: true, reason: "SMTP TLS: \(error)"))
        } catch {
            return .failed(SendFailure(retryable: true, reason: "SMTP connection to \(server.display): \(error)"))
        }
    }

    private func tlsContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let trustRootsFile { configuration.additionalTrustRoots = [.file(trustRootsFile)] }
        return try NIOSSLContext(configuration: configuration)
    }

    private func exchange(_ mail: MailMessage, _ server: SMTPServer) async throws {
        let (seconds, attoseconds) = server.timeout.components
        let deadline = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        let connection = try await SMTPConnection.connect(
            host: server.host,
            port: server.port,
            tls: server.security == .implicitTLS ? try tlsContext() : nil,
            group: group,
            connectTimeout: min(deadline, .seconds(10))
        )
        let timer = connection.closeAfter(deadline)
        defer { timer.cancel() }
        do {
            try await converse(mail, server, connection)
            _ = try? await connection.command("QUIT", stage: "QUIT")
        } catch {
            await connection.close()
            // The deadline closed the connection: say so, rather than the "I/O on closed channel" it causes.
            guard !connection.hasPassedDeadline else {
                let text = "no answer within \(server.timeout) (the deadline)"
                throw SMTPError(code: 0, stage: connection.stage, text: text)
            }
            throw error
        }
        await connection.close()
    }

    private func converse(_ mail: MailMessage, _ server: SMTPServer, _ connection: SMTPConnection) async throws {
        let greeting = try await connection.reply(stage: "greeting")
        guard greeting.code == 220 else {
            throw SMTPError(code: greeting.code, stage: "greeting", text: greeting.summary)
        }
        var extensions = try await connection.command("EHLO \(heloName)", stage: "EHLO").lines.dropFirst()
        if server.security == .startTLS {
            guard extensions.contains(where: { $0.uppercased().hasPrefix("STARTTLS") }) else {
                throw SMTPError(code: 0, stage: "STARTTLS", text: "the server does not offer STARTTLS")
            }
            try await connection.command("STARTTLS", stage: "STARTTLS")
            try await connection.startTLS(try tlsContext(), host: server.host)
            extensions = try await connection.command("EHLO \(heloName)", stage: "EHLO").lines.dropFirst()
        }
        if let user = server.user, let password = server.password {
            try await authenticate(user, password, Array(extensions), connection)
        }
        try await connection.command("MAIL FROM:<\(mail.from)>", stage: "MAIL FROM")
        for recipient in mail.recipients {
            try await connection.command("RCPT TO:<\(recipient)>", stage: "RCPT TO")
        }
        try await connection.command("DATA", stage: "DATA")
        try await connection.write(Self.dotStuffed(mail.data))
        let accepted = try await connection.reply(stage: "end of DATA")
        guard accepted.code == 250 else {
            throw SMTPError(code: accepted.code, stage: "end of DATA", text: accepted.summary)
        }
    }

    private func authenticate(
        _ user: String,
        _ password: Secret,
        _ extensions: [String],
        _ connection: SMTPConnection
    ) async throws {
        let mechanisms =
            extensions.first { $0.uppercased().hasPrefix("AUTH") }
            .map { $0.uppercased().split(whereSeparator: { $0 == " " || $0 == "=" }).dropFirst().map(String.init) }
            ?? []
        let base64 = { (text: String) in Data(text.utf8).base64EncodedString() }
        if mechanisms.contains("PLAIN") {
            try await connection.command("AUTH PLAIN " + base64("\0\(user)\0\(password.reveal())"), stage: "AUTH PLAIN")
        } else if mechanisms.contains("LOGIN") {
            try await connection.command("AUTH LOGIN", stage: "AUTH LOGIN")
            try await connection.command(base64(user), stage: "AUTH LOGIN")
            try await connection.command(base64(password.reveal()), stage: "AUTH LOGIN")
        } else {
            throw SMTPError(code: 0, stage: "AUTH", text: "the server offers neither AUTH PLAIN nor AUTH LOGIN")
        }
    }

    /// The data with every line starting with `.` doubled (RFC 5321 §4.5.2) and the final `CRLF.CRLF`.
    static func dotStuffed(_ data: Data) -> Data {
        var output = Data()
        output.reserveCapacity(data.count + 64)
        var atLineStart = true
        for byte in data {
            if atLineStart, byte == UInt8(ascii: ".") { output.append(UInt8(ascii: ".")) }
            output.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        if !output.isEmpty, !output.ends(with: [13, 10]) { output.append(contentsOf: [13, 10]) }
        output.append(contentsOf: Array(".\r\n".utf8))
        return output
    }
}

extension Data {
    fileprivate func ends(with bytes: [UInt8]) -> Bool { count >= bytes.count && Array(suffix(bytes.count)) == bytes }
}
