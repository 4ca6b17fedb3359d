import Foundation

/// One API call as an endpoint describes it: what to send, and how to name it in errors and logs.
struct GitLabRequest: Sendable {
    /// Where the request goes.
    enum Target: Sendable {
        /// A path below `/api/v4`, already percent-encoded (`/projects/acme%2Fapi`), with unencoded query items.
        case api(path: String, query: [GitLabQueryItem])
        /// A path below the host root (`/oauth/token`).
        case root(path: String)
        /// An absolute URL GitLab gave (a `Link: rel="next"`); only followed on the client's own host.
        case absolute(URL)
    }

    /// The HTTP method.
    var method: String = "GET"
    /// Where the request goes.
    var target: Target
    /// The endpoint as GitLab documents it (`/projects/:id/repository/commits`), for errors and logs.
    var endpoint: String
    /// What the request is about (`project acme/api`), for errors and logs.
    var resource: String?
    /// A form body, for `POST`.
    var form: [GitLabFormField]?
    /// A JSON body, for `POST` (GraphQL).
    var json: [UInt8]?
    /// Whether to send the client's credentials (not to the token endpoint).
    var authenticated = true

    /// A `GET` below `/api/v4`.
    static func get(
        _ path: String,
        query: [GitLabQueryItem] = [],
        endpoint: String,
        resource: String?
    ) -> GitLabRequest {
        GitLabRequest(target: .api(path: path, query: query), endpoint: endpoint, resource: resource)
    }

    /// The same request with `items` added to (or replacing same-named items of) its query.
    func replacingQuery(_ items: [GitLabQueryItem]) -> GitLabRequest {
        guard case .api(let path, var query) = target else { return self }
        let names = Set(items.map(\.name))
        query.removeAll { names.contains($0.name) }
        query += items
        var copy = self
        copy.target = .api(path: path, query: query)
        return copy
    }
}

/// One query parameter, unencoded.
struct GitLabQueryItem: Sendable, Equatable {
    let name: String
    let value: String

    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// Percent-encoding the way GitLab (Rack) decodes it: everything but RFC 3986's unreserved characters is
/// encoded — notably `/` in a project path (`acme%2Fapi`; a raw `/` is a 404) and `+` in dates (a raw `+` is a
/// space to Rack).
enum GitLabPercentEncoding {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hex = Array("0123456789ABCDEF".utf8)

    /// `string` with every byte outside the unreserved set percent-encoded.
    static func encode(_ string: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if unreserved.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `name=value&…`, each side encoded.
    static func query(_ items: [GitLabQueryItem]) -> String {
        items.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    /// A form body, `application/x-www-form-urlencoded`.
    static func form(_ fields: [GitLabFormField]) -> [UInt8] {
        Array(fields.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&").utf8)
    }
}
