import Foundation

/// What an `HTTPTransport` got back.
public struct SinkResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The headers (names as received; look them up case-insensitively with `header(_:)`).
    public var headers: [(name: String, value: String)]
    /// The body, or its beginning (transports may cap it).
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Compares status, headers and body.
    public static func == (lhs: SinkResponse, rhs: SinkResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name):\($0.value)" } == rhs.headers.map { "\($0.name):\($0.value)" }
    }

    /// Hashes status and body.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(body)
    }
}
