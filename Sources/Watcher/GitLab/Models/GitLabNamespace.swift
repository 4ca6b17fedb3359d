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

    enum CodingKeys: String, CodingKey {
        case id, name, path, kind
        case fullPath = "full_path"
        case parentID = "parent_id"
        case webURL = "web_url"
    }
}
