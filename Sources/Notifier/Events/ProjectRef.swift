/// The GitLab project an event is about.
public struct ProjectRef: Sendable, Hashable, Codable {
    /// The GitLab instance's host, for example `gitlab.com`.
    public var instance: String
    /// The project's numeric id (stable across renames).
    public var id: Int64
    /// The full path with namespace, for example `acme/platform/api`; rules match on it.
    public var path: String
    /// The project's display name, when known.
    public var name: String?
    /// The project's web page, when known.
    public var webURL: String?

    /// Creates a project reference.
    public init(instance: String, id: Int64, path: String, name: String? = nil, webURL: String? = nil) {
        self.instance = instance
        self.id = id
        self.path = path
        self.name = name
        self.webURL = webURL
    }

    /// The key deliveries are ordered by, for example `gitlab.com/278964` (the id, so a rename keeps the order).
    public var key: String { "\(instance)/\(id)" }

    /// The namespace part of the path (`acme/platform` for `acme/platform/api`), empty for a top-level path.
    public var namespace: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    enum CodingKeys: String, CodingKey {
        case instance, id, path, name
        case webURL = "web_url"
    }
}
