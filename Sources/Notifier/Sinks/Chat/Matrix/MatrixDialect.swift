import Foundation

/// A Matrix room (`MatrixSink`).
public typealias MatrixSink = ChatSink<MatrixDialect>

/// Matrix's client-server API: an `m.room.message` event of msgtype `m.text`, with the plain text in `body`
/// and the HTML rendering in `formatted_body` (`format: org.matrix.custom.html`), sent with
/// `PUT /_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId}` and `Authorization: Bearer <token>`
/// (https://spec.matrix.org/v1.13/client-server-api/#put_matrixclientv3roomsroomidsendeventtypetxnid).
///
/// The transaction id is the message id, so a retried send is the same event to the server. A room alias
/// (`#room:server`) is first resolved with `GET /_matrix/client/v3/directory/room/{roomAlias}`. A
/// `429 M_LIMIT_EXCEEDED` answer is retried after its `retry_after_ms`
/// (https://spec.matrix.org/v1.13/client-server-api/#rate-limiting).
public enum MatrixDialect: ChatDialect {
    /// Where the messages go.
    public struct Options: Sendable, Hashable {
        /// A room id (`!abc:example.org`) or alias (`#ops:example.org`).
        public var room: String
        /// Send `m.notice` (what bots send; clients do not ping for it) instead of `m.text`.
        public var notice: Bool

        /// Creates options.
        public init(room: String, notice: Bool = false) {
            self.room = room
            self.notice = notice
        }
    }

    /// A budget for each of the two bodies, so the event stays under Matrix's 65,536 bytes.
    static let bodyLimit = 30_000

    /// No room: every real sink names one.
    public static var defaultOptions: Options { Options(room: "") }

    /// HTML (for `formatted_body`).
    public static func templateDialect(_ options: Options) -> TemplateDialect { .html }

    private struct Payload: Encodable {
        var msgtype: String
        var body: String
        var format: String?
        var formattedBody: String?

        enum CodingKeys: String, CodingKey {
            case msgtype, body, format
            case formattedBody = "formatted_body"
        }
    }

    /// The event request for a batch (to the room as written; `send` resolves an alias).
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        let plain = TextTruncation.truncate(request.render(.plain).full, to: bodyLimit, in: .jsonUTF8)
        let html = TextTruncation.truncateLines(request.render(.html).full, to: bodyLimit / 2, in: .jsonUTF8)
        let payload = Payload(
            msgtype: request.options.notice ? "m.notice" : "m.text",
            body: plain,
            format: html == nil ? nil : "org.matrix.custom.html",
            formattedBody: html?.replacingOccurrences(of: "\n", with: "<br>\n")
        )
        var message = try request.post(payload)
        message.destination = .http(
            method: "PUT",
            url: Secret(sendURL(request.endpoint, room: request.options.room, txn: request.batch.id))
        )
        return message
    }

    /// `…/rooms/{room}/send/m.room.message/{txn}` on the endpoint's server.
    static func sendURL(_ endpoint: HTTPEndpoint, room: String, txn: String) -> String {
        "\(endpoint.url.reveal())/_matrix/client/v3/rooms/\(encode(room))/send/m.room.message/\(encode(txn))"
    }

    /// A path segment with everything but unreserved characters percent-encoded (`!`, `#`, `:` included).
    static func encode(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "-._~").union(.alphanumerics))
            ?? segment
    }

    /// Resolves an alias, then sends the event.
    public static func send(
        _ message: SinkMessage,
        options: Options,
        endpoint: HTTPEndpoint,
        transport: any HTTPTransport
    ) async -> SendResult {
        var message = message
        if options.room.hasPrefix("#") {
            let lookup = SinkMessage(
                id: message.id,
                sink: message.sink,
                destination: .http(
                    method: "GET",
                    url: Secret("\(endpoint.url.reveal())/_matrix/client/v3/directory/room/\(encode(options.room))")
                ),
                headers: message.headers.filter { $0.name != "Content-Type" },
                body: Data()
            )
            var roomID: String?
            let resolved = await endpoint.send(lookup, through: transport) { response in
                roomID = (try? JSONDecoder().decode(Directory.self, from: response.body))?.roomID
                return classify(response)
            }
            guard case .delivered = resolved else { return resolved }
            guard let roomID else {
                return .failed(SendFailure(retryable: false, reason: "the room alias did not resolve to a room id"))
            }
            message.destination = .http(method: "PUT", url: Secret(sendURL(endpoint, room: roomID, txn: message.id)))
        }
        return await endpoint.send(message, through: transport, classify: classify)
    }

    private struct Directory: Decodable {
        var roomID: String
        enum CodingKeys: String, CodingKey { case roomID = "room_id" }
    }

    private struct Answer: Decodable {
        var errcode: String?
        var error: String?
        var retryAfterMs: Double?
        enum CodingKeys: String, CodingKey {
            case errcode, error
            case retryAfterMs = "retry_after_ms"
        }
    }

    /// `SendResult.classify`, with `M_LIMIT_EXCEEDED`'s `retry_after_ms` as the wait.
    public static func classify(_ response: SinkResponse) -> SendResult {
        let result = SendResult.classify(response)
        guard case .failed(var failure) = result,
            let answer = try? JSONDecoder().decode(Answer.self, from: response.body)
        else { return result }
        if answer.errcode == "M_LIMIT_EXCEEDED" {
            failure.retryable = true
            if let milliseconds = answer.retryAfterMs, milliseconds >= 0 {
                failure.retryAfter = .seconds(milliseconds / 1000)
            }
        }
        if let code = answer.errcode {
            let text = String(String.UnicodeScalarView((answer.error ?? "").unicodeScalars.filter { $0.value >= 0x20 }))
            failure.reason = "HTTP \(response.status): \(code) \(String(text.prefix(200)))"
        }
        return .failed(failure)
    }
}
