import Foundation

/// One email ready for SMTP: the envelope (`MAIL FROM`, `RCPT TO`) and the RFC 5322 text with CRLF line ends.
public struct MailMessage: Sendable, Hashable {
    /// The envelope sender.
    public var from: String
    /// The envelope recipients.
    public var recipients: [String]
    /// The message: headers, a blank line, the MIME body; lines end in CRLF, none longer than 998 bytes.
    public var data: Data

    /// Creates a message.
    public init(from: String, recipients: [String], data: Data) {
        self.from = from
        self.recipients = recipients
        self.data = data
    }
}
