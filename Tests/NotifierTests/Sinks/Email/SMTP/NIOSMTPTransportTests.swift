import Foundation
import Notifier
import Testing
import TestSupport

/// The SwiftNIO SMTP client against a real SMTP server (aiosmtpd) on 127.0.0.1: plain, STARTTLS and implicit
/// TLS, AUTH PLAIN and LOGIN, and the failures delivery must survive (4xx, 5xx, a connection lost mid-DATA).
@Suite(.requires(.smtpServer), .serialized)
struct NIOSMTPTransportTests {
    /// A sink sending to `server`, with a generous deadline (a loaded machine answers slowly) unless given.
    static func sink(
        _ server: SMTPTestServer,
        _ security: SMTPServer.Security,
        auth: (String, String)? = nil,
        timeout: Duration = .seconds(60)
    ) -> EmailSink {
        EmailSink(
            name: "hook",
            settings: EmailSettings(
                server: SMTPServer(
                    host: "localhost",
                    port: server.port,
                    security: security,
                    user: auth?.0,
                    password: auth.map { Secret($0.1) },
                    timeout: timeout
                ),
                from: "glwatch@example.com",
                recipients: ["a@example.com", "b@example.com"]
            ),
            mail: NIOSMTPTransport(trustRootsFile: server.certificate)
        )
    }

    static func send(_ sink: EmailSink, _ batch: DeliveryBatch = Fixtures.goldenBatch) async throws -> SendResult {
        await sink.send(try sink.makeMessage(for: batch, at: Fixtures.date(0)))
    }

    @Test func testAPlainRelay_getsTheMessageForEveryRecipient() async throws {
        let server = try await SMTPTestServer.start()
        let result = try await Self.send(Self.sink(server, .none))
        #expect(result == .delivered(httpStatus: nil))
        let received = try server.received()
        #expect(received.count == 1)
        #expect(received.first?.from == "glwatch@example.com")
        #expect(received.first?.to == ["a@example.com", "b@example.com"])
        #expect(received.first?.data.contains("Message-ID: <\(Fixtures.goldenEvent.id)@example.com>") == true)
        #expect(received.first?.tls == false)
    }

    @Test func testAServerSlowerThanTheDeadline_failsRetryably_namingTheStageAndTheDeadline() async throws {
        // Given a server that answers each RCPT only after 5 s, and a sink whose deadline is 1 s
        let server = try await SMTPTestServer.start(["--stall-rcpt", "5"])

        // When a message is sent
        let result = try await Self.send(Self.sink(server, .none, timeout: .seconds(1)))

        // Then the send fails, to be tried again later, saying where it waited and for how long
        let reason = "SMTP RCPT TO: no answer within 1.0 seconds (the deadline)"
        #expect(result == .failed(SendFailure(retryable: true, reason: reason)))
        #expect(try server.received().isEmpty)
    }

    @Test(arguments: ["PLAIN", "LOGIN"])
    func testSTARTTLS_thenAuth_withTheMechanismTheServerOffers(mechanism: String) async throws {
        let server = try await SMTPTestServer.start([
            "--tls", "starttls", "--auth", "bot:pw-SECRET", "--mechanisms", mechanism,
        ])
        let result = try await Self.send(Self.sink(server, .startTLS, auth: ("bot", "pw-SECRET")))
        #expect(result == .delivered(httpStatus: nil))
        let received = try server.received()
        #expect(received.map(\.tls) == [true])
        #expect(received.map(\.mechanism) == [mechanism])
    }

    @Test func testImplicitTLS() async throws {
        let server = try await SMTPTestServer.start(["--tls", "implicit", "--auth", "bot:pw", "--mechanisms", "PLAIN"])
        let result = try await Self.send(Self.sink(server, .implicitTLS, auth: ("bot", "pw")))
        #expect(result == .delivered(httpStatus: nil))
        #expect(try server.received().map(\.tls) == [true])
    }

    @Test func testAServerWithoutSTARTTLS_isNeverSentThePasswordInClear() async throws {
        let server = try await SMTPTestServer.start()
        let result = try await Self.send(Self.sink(server, .startTLS, auth: ("bot", "pw-SECRET")))
        #expect(
            result == .failed(SendFailure(retryable: true, reason: "SMTP STARTTLS: the server does not offer STARTTLS"))
        )
        #expect(try server.received().isEmpty)
    }

    @Test func testAWrongPassword_isPermanent_andNotShown() async throws {
        let server = try await SMTPTestServer.start([
            "--tls", "starttls", "--auth", "bot:right", "--mechanisms", "PLAIN",
        ])
        guard
            case .failed(let failure) = try await Self.send(Self.sink(server, .startTLS, auth: ("bot", "wrong-SECRET")))
        else {
            Issue.record("delivered")
            return
        }
        #expect(!failure.retryable)
        #expect(failure.reason.hasPrefix("SMTP 535 at AUTH PLAIN"))
        #expect(!failure.reason.contains("wrong-SECRET"))
    }

    @Test func testA4xxReply_isRetriedByTheQueue_andDeliveredOnce() async throws {
        // Given a server that answers 451 to the first RCPT TO
        let server = try await SMTPTestServer.start(["--rcpt-4xx", "1"])
        let harness = DeliveryHarness(sink: Self.sink(server, .none), policy: SinkWorkerTests.policy())
        let id = try await harness.queue.enqueue(SinkWorkerTests.event(1), sink: "hook")
        // When the worker runs
        await harness.run(until: 1_000)
        // Then the first attempt is retried 5 s later and the message arrives once
        let history = await harness.queue.history(of: id)
        #expect(history.map(\.tick) == [0, 5])
        #expect(history.first?.error == "SMTP 451 at RCPT TO: 4.3.0 Try again later")
        #expect(await harness.queue.state(of: id) == .delivered)
        #expect(try server.received().count == 1)
    }

    @Test func testA5xxReply_isADeadLetter_andNobodyGetsIt() async throws {
        // Given a server that does not know the second recipient
        let server = try await SMTPTestServer.start(["--rcpt-5xx", "b@example.com"])
        let harness = DeliveryHarness(sink: Self.sink(server, .none), policy: SinkWorkerTests.policy())
        let id = try await harness.queue.enqueue(SinkWorkerTests.event(1), sink: "hook")
        await harness.run(until: 1_000)
        // Then one attempt, dead, and no partial delivery to the first recipient
        #expect(await harness.queue.history(of: id).map(\.error) == ["SMTP 550 at RCPT TO: 5.1.1 No such user"])
        #expect(await harness.queue.state(of: id) == .dead)
        #expect(try server.received().isEmpty)
    }

    @Test func testAConnectionDroppedMidDATA_losesNothing_andSendsNothingTwice() async throws {
        // Given a server that drops the connection in the middle of the first DATA, and two events queued
        let server = try await SMTPTestServer.start(["--drop-data", "1"])
        let harness = DeliveryHarness(sink: Self.sink(server, .none), policy: SinkWorkerTests.policy())
        let first = try await harness.queue.enqueue(SinkWorkerTests.event(1), sink: "hook")
        let second = try await harness.queue.enqueue(SinkWorkerTests.event(2), sink: "hook")
        // When the worker runs
        await harness.run(until: 1_000)
        // Then both are delivered, each exactly once, under the Message-ID of its event
        #expect(await harness.queue.state(of: first) == .delivered)
        #expect(await harness.queue.state(of: second) == .delivered)
        let ids = try server.received().compactMap { mail in
            mail.data.components(separatedBy: "\r\n").first { $0.hasPrefix("Message-ID: ") }
        }
        let expected = [SinkWorkerTests.event(1).id, SinkWorkerTests.event(2).id].map {
            "Message-ID: <\($0)@example.com>"
        }
        #expect(ids.sorted() == expected.sorted())
        #expect(await harness.queue.history(of: first).count == 2)  // the dropped attempt, then the delivery
    }
}
