import Foundation
import Notifier
import Testing

/// Matrix's client-server API as documented at
/// https://spec.matrix.org/v1.13/client-server-api/#put_matrixclientv3roomsroomidsendeventtypetxnid (sending),
/// https://spec.matrix.org/v1.13/client-server-api/#get_matrixclientv3directoryroomroomalias (aliases),
/// https://spec.matrix.org/v1.13/client-server-api/#mroommessage (m.text with formatted_body) and
/// https://spec.matrix.org/v1.13/client-server-api/#rate-limiting (M_LIMIT_EXCEEDED, retry_after_ms).
@Suite struct MatrixSinkTests {
    static func sink(_ fake: ServiceFake, _ transport: any HTTPTransport, room: String) -> MatrixSink {
        MatrixSink(
            name: "mx",
            endpoint: HTTPEndpoint(
                url: Secret(fake.baseURL),
                headers: [HTTPHeader("Authorization", "Bearer syt_SECRET", isSecret: true)]
            ),
            options: MatrixDialect.Options(room: room),
            transport: transport
        )
    }

    @Test func testSend_putsAnMRoomMessage_withTheMessageIdAsTransactionId() async throws {
        // Given a homeserver accepting events
        let requests = try await ServiceFake.with({ _, _ in .init(status: 200, body: #"{"event_id":"$1"}"#) }) {
            fake,
            transport in
            // When the golden push is sent twice (a retry)
            let sink = Self.sink(fake, transport, room: "!abc:example.org")
            let message = try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))
            _ = await sink.send(message)
            #expect(await sink.send(message) == .delivered(httpStatus: 200))
            return fake.requests
        }
        // Then both are the same PUT (same txnId: the server keeps one event), with the bearer token
        let id = Fixtures.goldenEvent.id
        #expect(requests.map(\.method) == ["PUT", "PUT"])
        #expect(
            requests.map(\.uri)
                == Array(
                    repeating: "/_matrix/client/v3/rooms/%21abc%3Aexample.org/send/m.room.message/\(id)",
                    count: 2
                )
        )
        #expect(requests[0].headers["authorization"] == "Bearer syt_SECRET")
        let json = try requests[0].json()
        #expect(json["msgtype"] as? String == "m.text")
        #expect(json["format"] as? String == "org.matrix.custom.html")
        let body = try #require(json["body"] as? String)
        let html = try #require(json["formatted_body"] as? String)
        #expect(body.hasPrefix("1 new commit on feature/x_y in acme/api"))
        #expect(body.contains("Fix <parser> & \"quotes\" *now*"))  // plain text: nothing to escape
        #expect(html.hasPrefix("<b>1 new commit</b> on <a href="))
        #expect(html.contains("Fix &lt;parser&gt; &amp; &quot;quotes&quot; *now*"))
        #expect(html.contains("<br>\n"))
    }

    @Test func testRoomAlias_isResolvedFirst() async throws {
        // Given a homeserver that knows #ops:example.org as !xyz:example.org
        let requests = try await ServiceFake.with({ index, _ in
            index == 0
                ? ServiceFake.Answer(status: 200, body: #"{"room_id":"!xyz:example.org","servers":["example.org"]}"#)
                : ServiceFake.Answer(status: 200, body: #"{"event_id":"$1"}"#)
        }) { fake, transport in
            let sink = Self.sink(fake, transport, room: "#ops:example.org")
            // When a message is sent
            return (
                await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0))), fake.requests
            )
        }
        // Then the alias is looked up, and the event goes to the room id
        #expect(requests.0 == .delivered(httpStatus: 200))
        #expect(requests.1.map(\.method) == ["GET", "PUT"])
        #expect(requests.1[0].uri == "/_matrix/client/v3/directory/room/%23ops%3Aexample.org")
        #expect(requests.1[1].uri.hasPrefix("/_matrix/client/v3/rooms/%21xyz%3Aexample.org/send/m.room.message/"))
    }

    @Test func testLimitExceeded_isRetriedAfterRetryAfterMs() async throws {
        // Given the homeserver's rate-limit answer
        let answer = #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too many requests","retry_after_ms":2500}"#
        let result = try await ServiceFake.with({ _, _ in .init(status: 429, body: answer) }) { fake, transport in
            let sink = Self.sink(fake, transport, room: "!abc:example.org")
            return await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        }
        // Then the send is retryable after 2.5 s
        guard case .failed(let failure) = result else {
            Issue.record("delivered")
            return
        }
        #expect(failure.retryable)
        #expect(failure.retryAfter == .seconds(2.5))
        #expect(failure.reason == "HTTP 429: M_LIMIT_EXCEEDED Too many requests")
    }

    @Test func testForbidden_isPermanent_andNamesTheErrcode() async throws {
        let answer = #"{"errcode":"M_FORBIDDEN","error":"You are not in this room"}"#
        let result = try await ServiceFake.with({ _, _ in .init(status: 403, body: answer) }) { fake, transport in
            let sink = Self.sink(fake, transport, room: "!abc:example.org")
            return await sink.send(try sink.makeMessage(for: Fixtures.goldenBatch, at: Fixtures.date(0)))
        }
        guard case .failed(let failure) = result else {
            Issue.record("delivered")
            return
        }
        #expect(!failure.retryable)
        #expect(failure.reason == "HTTP 403: M_FORBIDDEN You are not in this room")
    }
}
