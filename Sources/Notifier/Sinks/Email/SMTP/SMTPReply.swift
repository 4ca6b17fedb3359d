/// One SMTP reply: the three-digit code and its text lines (RFC 5321 §4.2).
struct SMTPReply: Sendable, Hashable {
    /// The code, for example 250.
    var code: Int
    /// The text of each line, without the code and separator.
    var lines: [String]

    /// 2xx and 3xx: the command went through.
    var isPositive: Bool { (200..<400).contains(code) }

    /// The first line, printable and short, for messages.
    var summary: String {
        let text = lines.first ?? ""
        return String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }).prefix(200)
        )
    }
}

/// An SMTP exchange that did not go through: a negative reply, or a server that breaks the protocol.
struct SMTPError: Error, Sendable, CustomStringConvertible {
    /// The reply code (0 when the server broke the protocol or the connection).
    var code: Int
    /// What was being done (`greeting`, `MAIL FROM`, `RCPT TO`, `DATA`, …).
    var stage: String
    /// What the server said, or what went wrong.
    var text: String

    /// `SMTP 451 at RCPT TO: try again later`.
    var description: String { code == 0 ? "SMTP \(stage): \(text)" : "SMTP \(code) at \(stage): \(text)" }

    /// Whether trying again later may succeed: 4xx replies and broken connections; not 5xx.
    var retryable: Bool { !(500..<600).contains(code) }
}
