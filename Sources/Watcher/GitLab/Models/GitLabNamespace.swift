/// The namespace (group or user) a project lives in, as embedded in a project.
public struct GitLabNamespace: Sendable, Hashable, Codable {
    /// The namespace's numeric id.
    public var id: Int64
    /// Display name.
    public var name: String?
    /// Last path segment.
    public var path: String?
    /// `group` or `user`.
    public var kind: String?
    /// Full path (`group/subgroup`).
    public var fullPath: String?
    /// The parent group's id, for a subgroup.
    public var parentID: Int64?
    /// The namespace's page on GitLab.
    public var webURL: String?

    /// Creates a namespace.
    public init(
        id: Int64,
        name: String? = nil,
        path: String? = nil,
        kind: String? = nil,
        fullPath: String? = nil,
        parentID: Int64? = nil,
        webURL: String? = nil
    ) {
        self.id = id
        self.name = name
        self.path = path
        self.kind = kind
        self.fullPath = fullPath
        self.parentID = parentID
        self.webURL = webURL
    }

    enum CodingKeys: String, CodingKey {
        case id, name, path, kind
        case fullPath = "full_path"
        case parentID = "parent_id"
        case webURL = "web_url"
    }
}
