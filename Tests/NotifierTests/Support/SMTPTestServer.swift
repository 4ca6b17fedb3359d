import ChildProcess
import Foundation
import TestSupport

/// A real SMTP server (aiosmtpd, started from `smtp_test_server.py`) on 127.0.0.1 for one test, with a
/// mailbox directory and, for TLS, a certificate made with the `openssl` CLI at test time (no key is
/// committed). `.ci/run` installs aiosmtpd when it is missing.
final class SMTPTestServer: @unchecked Sendable {  // immutable once started
    /// What the server accepted.
    struct Received: Decodable {
        var from: String
        var to: [String]
        var data: String
        var tls: Bool
        var mechanism: String?
    }

    /// Whether a server can be started here: python3 with aiosmtpd, and openssl.
    static let isAvailable: Bool = {
        run("/usr/bin/env", ["python3", "-c", "import aiosmtpd"]) && run("/usr/bin/env", ["openssl", "version"])
    }()

    /// Why the SMTP tests are skipped when they are.
    static let unavailable = "needs python3 with aiosmtpd (pip install aiosmtpd) and openssl"

    let port: Int
    /// The PEM certificate the server presents (trust it in the client).
    let certificate: String
    private let directory: URL
    private let process: ChildProcess

    /// Starts a server with the script's options (`--tls starttls`, `--auth user:pass`, `--rcpt-4xx 1`, …), on
    /// a thread of its own: the start blocks (openssl, python), which must not hold up the tests' shared threads.
    static func start(_ options: [String] = []) async throws -> SMTPTestServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try SMTPTestServer(options) })
            }
        }
    }

    private init(_ options: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glwatch-smtp-\(UUID().uuidString)")
        let mailbox = directory.appendingPathComponent("mailbox")
        try FileManager.default.createDirectory(at: mailbox, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        guard
            Self.run(
                "/usr/bin/env",
                [
                    "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                    "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                ]
            )
        else { throw CocoaError(.fileWriteUnknown) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "smtp_test_server.py"
        )
        process = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["python3", script.path, "--mailbox", mailbox.path, "--cert", certificate, "--key", key]
                + options,
            standardOutput: .pipe
        )
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = process.standardOutput!.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.send(SIGTERM)
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit {
        process.send(SIGTERM)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The messages accepted so far, in order.
    func received() throws -> [Received] {
        let mailbox = directory.appendingPathComponent("mailbox")
        return try FileManager.default.contentsOfDirectory(atPath: mailbox.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
            .map { try JSONDecoder().decode(Received.self, from: Data(contentsOf: mailbox.appendingPathComponent($0))) }
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Bool {
        guard let process = try? ChildProcess(URL(fileURLWithPath: executable), arguments: arguments) else {
            return false
        }
        return process.waitUntilExit() == .success
    }
}

extension RequiredComponent {
    /// A real SMTP server on loopback (`SMTPTestServer`): `.requires(.smtpServer)` on a test or suite.
    static let smtpServer = RequiredComponent("an SMTP test server (aiosmtpd)") {
        SMTPTestServer.isAvailable ? nil : SMTPTestServer.unavailable
    }
}
