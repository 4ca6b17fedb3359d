import Foundation

/// A request as the fake's handlers see it: raw and decoded path, decoded query, headers and body.
struct FakeHTTPRequest: Sendable {
    let method: String
    /// The path as sent (`/api/v4/projects/acme%2Fapi`).
    let rawPath: String
    /// The path split on `/` (a `%2F` stays inside its segment), each segment percent-decoded.
    let segments: [String]
    /// The raw query string.
    let rawQuery: String
    /// Decoded query parameters.
    let query: [String: [String]]
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    init(method: String, rawPath: String, rawQuery: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.rawPath = rawPath
        self.rawQuery = rawQuery
        self.segments = rawPath.split(separator: "/", omittingEmptySubsequences: true)
            .map { FakeQuery.decode(String($0), plusIsSpace: false) }
        self.query = FakeQuery.parse(rawQuery)
        self.headers = headers
        self.body = body
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func param(_ name: String) -> String? { query[name]?.first }

    func params(_ name: String) -> [String] { query[name] ?? [] }

    /// A boolean parameter the way Grape reads it (`true`/`1`/`yes`).
    func bool(_ name: String) -> Bool? {
        guard let value = param(name)?.lowercased() else { return nil }
        return ["true", "1", "yes", "t"].contains(value)
    }

    /// Form fields of an `application/x-www-form-urlencoded` or JSON object body.
    var form: [String: String] {
        let text = String(decoding: body, as: UTF8.self)
        if header("Content-Type")?.contains("json") == true,
            let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        {
            return object.compactMapValues { $0 as? String ?? ($0 as? NSNumber)?.stringValue }
        }
        return FakeQuery.parse(text).compactMapValues(\.first)
    }
}
