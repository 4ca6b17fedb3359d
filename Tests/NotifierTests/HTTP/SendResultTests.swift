import Foundation
import Notifier
import Testing

@Suite struct SendResultTests {
    @Test(arguments: [200, 202, 204])
    func testSuccess(status: Int) {
        #expect(SendResult.classify(SinkResponse(status: status)) == .delivered(httpStatus: status))
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func testRetryableStatuses(status: Int) {
        guard case .failed(let failure) = SendResult.classify(SinkResponse(status: status)) else {
            Issue.record("not a failure")
            return
        }
        #expect(failure.retryable)
        #expect(failure.httpStatus == status)
    }

    @Test(arguments: [400, 401, 403, 404, 410, 413, 301])
    func testPermanentStatuses(status: Int) {
        guard case .failed(let failure) = SendResult.classify(SinkResponse(status: status)) else {
            Issue.record("not a failure")
            return
        }
        #expect(!failure.retryable)
    }

    @Test func testReason_quotesTheServicesFirstLine_andRetryAfterIsRead() {
        let response = SinkResponse(
            status: 429,
            headers: [(name: "retry-after", value: "30")],
            body: Data("rate_limited\u{1B}[0m\nmore detail".utf8)
        )
        #expect(
            SendResult.classify(response)
                == .failed(
                    SendFailure(
                        retryable: true,
                        httpStatus: 429,
                        retryAfter: .seconds(30),
                        reason: "HTTP 429: rate_limited[0m"
                    )
                )
        )
        #expect(
            SendResult.classify(SinkResponse(status: 404))
                == .failed(
                    SendFailure(
                        retryable: false,
                        httpStatus: 404,
                        reason: "HTTP 404"
                    )
                )
        )
    }

    @Test func testTransportErrors_areRetryable_andNeverShowTheURL() async {
        struct ConnectFailed: Error, CustomStringConvertible {
            var description: String { "connect to https://hooks.slack.com/services/T0/B0/SECRET failed" }
        }
        let endpoint = HTTPEndpoint(url: Secret("https://hooks.slack.com/services/T0/B0/SECRET"))
        let sink = SlackSink(
            name: "s",
            endpoint: endpoint,
            transport: FakeTransport { _, _ in
                .failure(
                    FakeTransport.Failure(
                        description: "connect to https://hooks.slack.com/services/T0/B0/SECRET failed"
                    )
                )
            }
        )
        let message = try! sink.makeMessage(
            for: DeliveryBatch(events: [Fixtures.push([Fixtures.commit(1)])]),
            at: Fixtures.date(0)
        )
        let result = await sink.send(message)
        #expect(result == .failed(SendFailure(retryable: true, reason: "connect to <redacted> failed")))
    }

    /// Issue 34: a control character in a header value (or the URL) fails every time and the HTTP client's error
    /// quotes the value: the request is not sent, the failure is final (a dead letter) and names only the header.
    @Test func testHeaderWithALineBreak_isNotSent_failsForGood_namingTheHeaderNeverItsValue() async {
        let transport = FakeTransport()
        let endpoint = HTTPEndpoint(
            url: Secret("https://hooks.slack.com/services/T0/B0/SECRET"),
            headers: [HTTPHeader("Authorization", "Bearer TOKEN-SECRET\r\nX-Evil: 1", isSecret: true)]
        )
        let sink = SlackSink(name: "s", endpoint: endpoint, transport: transport)
        let message = try! sink.makeMessage(
            for: DeliveryBatch(events: [Fixtures.push([Fixtures.commit(1)])]), at: Fixtures.date(0)
        )
        let result = await sink.send(message)
        #expect(
            result
                == .failed(
                    SendFailure(
                        retryable: false,
                        reason: "not sent: the value of header \"Authorization\" has a control character (a line break?)"
                    )
                )
        )
        #expect(transport.requests.isEmpty)
    }

    /// An error that prints the values it refused as Swift does (`["Bearer x\\\"y"]`, escaped) still shows no secret.
    @Test func testErrorsQuotingASecretEscaped_areRedactedToo() async {
        let secret = "Bearer TOKEN\"SECRET"
        let escaped = String(String(reflecting: secret).dropFirst().dropLast())
        let endpoint = HTTPEndpoint(
            url: Secret("https://hooks.slack.com/services/T0/B0/SECRET"),
            headers: [HTTPHeader("Authorization", secret, isSecret: true)]
        )
        let sink = SlackSink(
            name: "s", endpoint: endpoint,
            transport: FakeTransport { _, _ in .failure(FakeTransport.Failure(description: "refused [\"\(escaped)\"]")) }
        )
        let message = try! sink.makeMessage(
            for: DeliveryBatch(events: [Fixtures.push([Fixtures.commit(1)])]), at: Fixtures.date(0)
        )
        let result = await sink.send(message)
        #expect(result == .failed(SendFailure(retryable: true, reason: "refused [\"<redacted>\"]")))
    }
}

