/// One complete HTTP response as a transport returns it (redirects are not followed by transports).
public struct GitLabHTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields.
    public var headers: GitLabHTTPHeaders
    /// The whole body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: GitLabHTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
