import Foundation

/// Writes a batch as an RFC 5322 message: a digest-friendly subject (`[group/project] 3 new commits on main`),
/// `multipart/alternative` with a plain-text and an HTML part rendered from the same template,
/// `Message-ID` derived from the message id (so a retried send threads and de-duplicates as one), and the
/// `List-Id` (RFC 2919) and `Auto-Submitted: auto-generated` (RFC 3834) headers that keep auto-replies away.
enum MailComposer {
    /// The message text.
    static func compose(
        batch: DeliveryBatch,
        plain: String,
        html: String,
        from: String,
        recipients: [String],
        sink: String,
        at time: Date
    ) -> Data {
        let domain = from.split(separator: "@").last.map(String.init) ?? "glwatch.localhost"
        let boundary = "=_glwatch_\(batch.id.prefix(32))"
        let label = sink.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "-" }.joined()
        let headers = [
            "From: \(from)",
            "To: \(recipients.joined(separator: ", "))",
            "Subject: \(encodeHeader(subject(for: batch)))",
            "Date: \(rfc5322Date(time))",
            "Message-ID: <\(batch.id)@\(domain)>",
            "List-Id: glwatch \(label) <\(label).glwatch.\(domain)>",
            "Auto-Submitted: auto-generated",
            "X-Auto-Response-Suppress: All",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
        ]
        let page = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"></head>
            <body><div style="font-family: sans-serif; white-space: pre-wrap">\(html)</div></body></html>
            """
        var lines = headers + [""]
        for (type, text) in [("text/plain", plain), ("text/html", page)] {
            lines += [
                "--\(boundary)",
                "Content-Type: \(type); charset=utf-8",
                "Content-Transfer-Encoding: base64",
                "",
            ]
            lines += base64Lines(text)
        }
        lines.append("--\(boundary)--")
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// `[group/project] 3 new commits on main`; a digest says how many notifications and from where.
    static func subject(for batch: DeliveryBatch) -> String {
        let context = TemplateContext(events: batch.events, dialect: .plain)
        let paths = batch.events.map(\.project.path).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if batch.events.count == 1, let event = batch.events.first {
            let summary = context.summary(event)
            let suffix = " in \(event.project.path)"
            return "[\(event.project.path)] "
                + (summary.hasSuffix(suffix) ? String(summary.dropLast(suffix.count)) : summary)
        }
        if paths.count == 1 { return "[\(paths[0])] \(batch.events.count) notifications" }
        return "[glwatch] \(batch.events.count) notifications from \(paths.count) projects"
    }

    /// A header value: control characters become spaces; non-ASCII text becomes RFC 2047 encoded words of at
    /// most 75 characters, folded.
    static func encodeHeader(_ value: String) -> String {
        let clean = String(
            String.UnicodeScalarView(value.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 })
        )
        if clean.allSatisfy(\.isASCII), clean.utf8.count <= 900 { return clean }
        var words: [String] = []
        var chunk = ""
        for character in clean {
            if chunk.utf8.count + character.utf8.count > 45 {
                words.append(chunk)
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?\(Data($0.utf8).base64EncodedString())?=" }.joined(separator: "\r\n ")
    }

    /// `Wed, 25 Nov 2026 12:00:00 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    /// The text's UTF-8 in base64, 76 characters a line.
    private static func base64Lines(_ text: String) -> [String] {
        let encoded = Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).base64EncodedString()
        var lines: [String] = []
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let end = encoded.index(index, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(String(encoded[index..<end]))
            index = end
        }
        return lines
    }
}
