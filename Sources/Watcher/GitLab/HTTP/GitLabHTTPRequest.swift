import Foundation

/// One HTTP request as the client hands it to a transport.
public struct GitLabHTTPRequest: Sendable {
    /// The method: `GET` or `POST`.
    public var method: String
    /// The absolute URL, query included.
    public var url: URL
    /// Header fields, authentication included: a transport must never log them.
    public var headers: GitLabHTTPHeaders
    /// The body, for `POST`.
    public var body: [UInt8]?
    /// How long the whole exchange (head and body) may take.
    public var timeout: Duration

    /// Creates a request.
    public init(method: String, url: URL, headers: GitLabHTTPHeaders = [:], body: [UInt8]? = nil, timeout: Duration) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
