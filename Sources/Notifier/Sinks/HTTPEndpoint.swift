import Foundation

/// Where an HTTP sink posts and how: the URL (a secret), extra headers and the request timeout.
public struct HTTPEndpoint: Sendable {
    /// The URL, for example a chat service's incoming-webhook URL with its token.
    public var url: Secret
    /// Extra headers configured for the sink.
    public var headers: [HTTPHeader]
    /// How long one request may take.
    public var timeout: Duration

    /// Creates an endpoint.
    public init(url: Secret, headers: [HTTPHeader] = [], timeout: Duration = .seconds(10)) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }

    /// A JSON POST to this endpoint with glwatch's standard headers, the sink's own and `extra`.
    func message(id: String, sink: String, body: Data, extra: [HTTPHeader] = []) -> SinkMessage {
        let standard = [
            HTTPHeader("Content-Type", "application/json; charset=utf-8"),
            HTTPHeader("User-Agent", "glwatch"),
            HTTPHeader("Idempotency-Key", id),
        ]
        return SinkMessage(
            id: id,
            sink: sink,
            destination: .http(method: "POST", url: url),
            headers: standard + extra + headers,
            body: body
        )
    }

    /// Sends a message made by `message(…)` and classifies the outcome (by default with
    /// `SendResult.classify`); transport errors are retryable.
    func send(
        _ message: SinkMessage,
        through transport: any HTTPTransport,
        classify: (SinkResponse) -> SendResult = SendResult.classify
    ) async -> SendResult {
        guard case .http(let method, let url) = message.destination else {
            return .failed(SendFailure(retryable: false, reason: "not an HTTP message"))
        }
        let request = SinkRequest(
            method: method,
            url: url,
            headers: message.headers,
            body: message.body,
            timeout: timeout
        )
        if let refusal = request.refusal { return .failed(SendFailure(retryable: false, reason: refusal)) }
        do {
            switch classify(try await transport.send(request)) {
            case .delivered(let status): return .delivered(httpStatus: status)
            case .failed(var failure):
                failure.reason = redact(failure.reason)
                return .failed(failure)
            }
        } catch is CancellationError {
            return .failed(SendFailure(retryable: true, reason: "cancelled"))
        } catch {
            return .failed(SendFailure(retryable: true, reason: redact("\(error)")))
        }
    }

    /// Removes the URL (and its path, which is where webhook tokens live) and the secret headers' values from an
    /// error text, as written and as Swift escapes them (an error that prints an array of values shows `\r` as
    /// a backslash and an `r`).
    func redact(_ text: String) -> String {
        var text = text
        func remove(_ secret: String, with replacement: String = "<redacted>") {
            guard !secret.isEmpty else { return }
            text = text.replacingOccurrences(of: secret, with: replacement)
            let escaped = String(String(reflecting: secret).dropFirst().dropLast())
            if escaped != secret { text = text.replacingOccurrences(of: escaped, with: replacement) }
        }
        let url = self.url.reveal()
        remove(url)
        if let components = URLComponents(string: url), components.path.count > 1 {
            remove(components.path, with: "/<redacted>")
        }
        for header in headers where header.isSecret {
            remove(header.value)
        }
        return text
    }
}
