import Foundation
import Notifier
import Synchronization
import Testing

/// The email a batch becomes (RFC 5322 / MIME), and how the sink hands it to its transport.
@Suite struct EmailSinkTests {
    /// Records what it is asked to send and answers from a list.
    final class FakeMail: MailTransport {
        let sent = Mutex<[MailMessage]>([])
        let answer: SendResult

        init(answer: SendResult = .delivered(httpStatus: nil)) {
            self.answer = answer
        }

        func send(_ mail: MailMessage, through server: SMTPServer) async -> SendResult {
            sent.withLock { $0.append(mail) }
            return answer
        }
    }

    static let settings = EmailSettings(
        server: SMTPServer(
            host: "smtp.example.com",
            port: 587,
            security: .startTLS,
            user: "bot",
            password: Secret("pw-SECRET")
        ),
        from: "glwatch@example.com",
        recipients: ["a@example.com", "b@example.com"]
    )

    /// The header lines of a message (unfolded) and its decoded parts by content type.
    static func parse(_ data: Data) throws -> (headers: [String: String], parts: [String: String]) {
        let text = String(decoding: data, as: UTF8.self)
        let sections = text.components(separatedBy: "\r\n\r\n")
        var headers: [String: String] = [:]
        for line in sections[0].replacingOccurrences(of: "\r\n ", with: " ").components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            headers[pair[0]] = pair[1]
        }
        var parts: [String: String] = [:]
        for (index, section) in sections.enumerated() where section.contains("Content-Type: text/") {
            let type = section.contains("text/html") ? "html" : "plain"
            let body = sections[index + 1].components(separatedBy: "\r\n--").first!.replacingOccurrences(
                of: "\r\n",
                with: ""
            )
            parts[type] = String(decoding: try #require(Data(base64Encoded: body)), as: UTF8.self)
                .replacingOccurrences(of: "\r\n", with: "\n")
        }
        return (headers, parts)
    }

    @Test func testTheMessage_hasBothPartsFromOneTemplate_andThreadingHeaders() throws {
        // Given an email sink and a push with a hostile commit title
        let sink = EmailSink(name: "team mail", settings: Self.settings, mail: FakeMail())
        // When the message is made at a known time
        let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(1_714_550_400))
        let (headers, parts) = try Self.parse(message.body)
        // Then the subject is digest-friendly, the Message-ID is the event's, and auto-replies are kept away
        #expect(headers["Subject"] == "[acme/api] 1 new commit on feature/x_y")
        #expect(headers["Message-ID"] == "<\(Fixtures.goldenEvent.id)@example.com>")
        #expect(headers["From"] == "glwatch@example.com")
        #expect(headers["To"] == "a@example.com, b@example.com")
        #expect(headers["Date"] == "Wed, 01 May 2024 08:00:00 +0000")
        #expect(headers["List-Id"] == "glwatch team-mail <team-mail.glwatch.example.com>")
        #expect(headers["Auto-Submitted"] == "auto-generated")
        #expect(headers["Content-Type"]?.hasPrefix("multipart/alternative; boundary=") == true)
        // and the plain part is the plain template, the HTML part the same template with values escaped
        #expect(parts["plain"]?.hasPrefix("1 new commit on feature/x_y in acme/api\n") == true)
        #expect(parts["plain"]?.contains("Fix <parser> & \"quotes\" *now*") == true)
        #expect(
            parts["html"]?.contains(
                "<b>1 new commit</b> on <a href=\"https://gitlab.com/acme/api/-/tree/feature/x_y\">"
            ) == true
        )
        #expect(parts["html"]?.contains("Fix &lt;parser&gt; &amp; &quot;quotes&quot; *now*") == true)
        #expect(!message.bodyText.contains("pw-SECRET"))
        #expect(message.displayText.hasPrefix("SMTP smtp://smtp.example.com:587 to a@example.com, b@example.com\n"))
    }

    @Test func testADigestSubject_countsItsNotifications() throws {
        let sink = EmailSink(name: "m", settings: Self.settings, mail: FakeMail())
        let sameProject = DeliveryBatch(events: [SinkWorkerTests.event(1), SinkWorkerTests.event(2)])
        let twoProjects = DeliveryBatch(events: [SinkWorkerTests.event(1), SinkWorkerTests.event(2, project: 7)])
        #expect(
            try Self.parse(try sink.makeMessage(for: sameProject, at: Fixtures.date(0)).body).headers["Subject"]
                == "[acme/p42] 2 notifications"
        )
        #expect(
            try Self.parse(try sink.makeMessage(for: twoProjects, at: Fixtures.date(0)).body).headers["Subject"]
                == "[glwatch] 2 notifications from 2 projects"
        )
    }

    @Test func testANonASCIISubject_isEncoded_andAHostileOneCannotAddHeaders() throws {
        let project = Fixtures.project("grüße/api\r\nBcc: evil@example.com", id: 9)
        let event = Fixtures.push([Fixtures.commit(1)], project: project)
        let sink = EmailSink(name: "m", settings: Self.settings, mail: FakeMail())
        let (headers, _) = try Self.parse(
            try sink.makeMessage(for: DeliveryBatch(events: [event]), at: Fixtures.date(0)).body
        )
        #expect(headers["Bcc"] == nil)
        let subject = try #require(headers["Subject"])
        #expect(subject.hasPrefix("=?UTF-8?B?"))
        let decoded = subject.split(separator: " ").map { word in
            String(decoding: Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data(), as: UTF8.self)
        }.joined()
        #expect(decoded == "[grüße/api  Bcc: evil@example.com] 1 new commit on main")
    }

    @Test func testSend_givesTheEnvelopeToTheTransport_andRedactsThePassword() async throws {
        let mail = FakeMail(
            answer: .failed(SendFailure(retryable: false, reason: "SMTP 535 at AUTH PLAIN: bad pw-SECRET"))
        )
        let sink = EmailSink(name: "m", settings: Self.settings, mail: mail)
        let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
        let result = await sink.send(message)
        #expect(result == .failed(SendFailure(retryable: false, reason: "SMTP 535 at AUTH PLAIN: bad <redacted>")))
        let sent = try #require(mail.sent.withLock { $0.first })
        #expect(sent.from == "glwatch@example.com")
        #expect(sent.recipients == ["a@example.com", "b@example.com"])
        #expect(sent.data == message.body)
    }
}
