import Foundation

/// A request for an `HTTPTransport`: always a POST of a body in glwatch's sinks, but kept general.
public struct SinkRequest: Sendable {
    /// The method, for example `POST`.
    public var method: String
    /// The destination (a secret: chat webhook URLs carry their token).
    public var url: Secret
    /// The headers.
    public var headers: [HTTPHeader]
    /// The body.
    public var body: Data
    /// How long the whole exchange may take.
    public var timeout: Duration

    /// Creates a request.
    public init(
        method: String = "POST",
        url: Secret,
        headers: [HTTPHeader],
        body: Data,
        timeout: Duration = .seconds(10)
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

extension SinkRequest {
    /// Why no HTTP client may send this request, naming the header or the URL but never a value; `nil` when it
    /// can be sent. A control character in a header value or in the URL (a secret from a file or a variable that
    /// changed after loading) would otherwise reach the HTTP client, whose error quotes the value. Such a request
    /// fails the same way every time: it is a dead letter, not a retry.
    public var refusal: String? {
        if let header = headers.first(where: { Secret.controlCharacterPosition(in: $0.value) != nil }) {
            return "not sent: the value of header \"\(header.name)\" has a control character (a line break?)"
        }
        if Secret.controlCharacterPosition(in: url.reveal()) != nil {
            return "not sent: the URL has a control character (a line break?)"
        }
        return nil
    }
}
