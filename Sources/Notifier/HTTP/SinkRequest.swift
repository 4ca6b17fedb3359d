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
