import Foundation
import Notifier
import Testing

@Suite struct WebhookSinkTests {
    static let endpoint = HTTPEndpoint(
        url: Secret("https://hooks.example.com/glwatch?token=SECRET"),
        headers: [
            HTTPHeader("X-Team", "platform"),
            HTTPHeader("Authorization", "Bearer SECRET-TOKEN", isSecret: true),
        ]
    )

    static func sink(
        signed: Bool = true,
        github: Bool = false,
        maxBodyBytes: Int = 1 << 20,
        transport: FakeTransport = FakeTransport()
    ) throws -> WebhookSink {
        let signer =
            signed
            ? try WebhookSigner(secrets: [Secret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")], githubSignature: github)
            : nil
        return WebhookSink(
            name: "audit",
            endpoint: endpoint,
            signer: signer,
            maxBodyBytes: maxBodyBytes,
            transport: transport
        )
    }

    @Test func testSingleEvent_bodyIsTheEventPayload_signedStandardWebhooksStyle() throws {
        let event = Fixtures.push([Fixtures.commit(1)])
        let message = try Self.sink(github: true).makeMessage(
            for: DeliveryBatch(events: [event]),
            at: Fixtures.date(1_614_265_330.9)
        )
        #expect(message.body == (try event.jsonData()))
        let headers = message.headers.map { "\($0.name): \($0.value)" }
        let signer = try WebhookSigner(
            secrets: [Secret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")],
            githubSignature: true
        )
        #expect(
            headers == [
                "Content-Type: application/json; charset=utf-8",
                "User-Agent: glwatch",
                "Idempotency-Key: \(event.id)",
                "webhook-id: \(event.id)",
                "webhook-timestamp: 1614265330",
                "webhook-signature: \(signer.signature(id: event.id, timestamp: 1_614_265_330, body: message.body))",
                "X-Hub-Signature-256: \(signer.githubSignature(body: message.body)!)",
                "X-Team: platform",
                "Authorization: Bearer SECRET-TOKEN",
            ]
        )
    }

    @Test func testRetries_keepTheIDButSignAFreshTimestamp() throws {
        let sink = try Self.sink()
        let batch = DeliveryBatch(events: [Fixtures.push([Fixtures.commit(1)])])
        let first = try sink.makeMessage(for: batch, at: Fixtures.date(1_000))
        let retry = try sink.makeMessage(for: batch, at: Fixtures.date(1_060))
        #expect(PayloadChecks.header(first, "webhook-id") == PayloadChecks.header(retry, "webhook-id"))
        #expect(PayloadChecks.header(first, "webhook-timestamp") == "1000")
        #expect(PayloadChecks.header(retry, "webhook-timestamp") == "1060")
        #expect(PayloadChecks.header(first, "webhook-signature") != PayloadChecks.header(retry, "webhook-signature"))
    }

    @Test func testUnsignedSink_sendsNoSignatureHeaders() throws {
        let message = try Self.sink(signed: false).makeMessage(
            for: DeliveryBatch(events: [Fixtures.push([Fixtures.commit(1)])]),
            at: Fixtures.date(0)
        )
        #expect(PayloadChecks.header(message, "webhook-id") != nil)
        #expect(PayloadChecks.header(message, "webhook-signature") == nil)
        #expect(PayloadChecks.header(message, "webhook-timestamp") == nil)
    }

    @Test func testDigest_isAVersionedEnvelopeWithTheEvents() throws {
        let events = [Fixtures.push([Fixtures.commit(1)], at: 10), Fixtures.push([Fixtures.commit(2)], at: 20)]
        let batch = DeliveryBatch(events: events)
        let message = try Self.sink().makeMessage(for: batch, at: Fixtures.date(30))
        let object = try PayloadChecks.object(message)
        #expect(object["version"] as? Int == 1)
        #expect(object["type"] as? String == "digest")
        #expect(object["id"] as? String == EventID.digest(of: events.map(\.id)))
        #expect(object["timestamp"] as? String == "1970-01-01T00:00:20.000Z")
        let members = try #require((object["data"] as? [String: Any])?["events"] as? [[String: Any]])
        #expect(members.map { $0["id"] as? String } == events.map(\.id))
        #expect(PayloadChecks.header(message, "webhook-id") == batch.id)
    }

    @Test func testHugeBodies_shortenCommitMessagesUntilTheyFit() throws {
        let commits = (1...20).map { Fixtures.commit($0, message: Fixtures.hugeLine + "\n\n" + Fixtures.hugeMessage) }
        let event = Fixtures.push(commits)
        let message = try Self.sink(maxBodyBytes: 256 * 1024).makeMessage(
            for: DeliveryBatch(events: [event]),
            at: Fixtures.date(0)
        )
        #expect(message.body.count <= 256 * 1024)
        let decoded = try WatchEvent.decode(json: message.body)
        #expect(decoded.id == event.id)
        #expect(decoded.commits.allSatisfy { $0.messageTruncated })
        #expect(decoded.commits.allSatisfy { $0.message.hasSuffix("… (truncated)") })
        // A hostile but small message goes through untouched.
        let small = Fixtures.push([Fixtures.commit(1, message: Fixtures.hostileMessage)])
        let smallMessage = try Self.sink().makeMessage(for: DeliveryBatch(events: [small]), at: Fixtures.date(0))
        #expect(try WatchEvent.decode(json: smallMessage.body) == small)
    }

    @Test func testDryRunDisplay_hidesTheURLsSecretPartsAndSecretHeaders() throws {
        let message = try Self.sink().makeMessage(
            for: DeliveryBatch(events: [Fixtures.push([Fixtures.commit(1)])]),
            at: Fixtures.date(0)
        )
        let display = message.displayText
        #expect(display.hasPrefix("POST https://hooks.example.com/…\n"))
        #expect(display.contains("Authorization: <redacted>"))
        #expect(!display.contains("SECRET"))
    }
}
