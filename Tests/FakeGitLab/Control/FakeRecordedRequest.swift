import Foundation

/// A request the fake received, for tests and benchmarks to count and inspect.
public struct FakeRecordedRequest: Sendable {
    /// The HTTP method.
    public var method: String
    /// The raw path, still percent-encoded (`/api/v4/projects/acme%2Fapi`).
    public var path: String
    /// The raw query string (without `?`).
    public var query: String
    /// The header fields as received.
    public var headers: [(name: String, value: String)]
    /// When it arrived (the fake's clock).
    public var receivedAt: Date
    /// The status answered (0 while in flight, or when the connection was dropped).
    public var status: Int

    /// The first value of header `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The decoded values of query parameter `name`.
    public func queryValues(_ name: String) -> [String] {
        FakeQuery.parse(query)[name] ?? []
    }

    /// The decoded value of query parameter `name`.
    public func queryValue(_ name: String) -> String? { queryValues(name).first }
}
