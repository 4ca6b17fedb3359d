/// A GitLab group (`GET /groups/:id`).
public struct GitLabGroup: Sendable, Hashable, Codable, Identifiable {
    /// The numeric id.
    public var id: Int64
    /// Display name.
    public var name: String
    /// Last path segment.
    public var path: String
    /// Full path, `group/subgroup`.
    public var fullPath: String
    /// `Group / Subgroup`.
    public var fullName: String?
    /// Description (may be null).
    public var description: String?
    /// Visibility level.
    public var visibility: GitLabVisibility?
    /// The parent group's id, for a subgroup.
    public var parentID: Int64?
    /// The group's page on GitLab.
    public var webURL: String?

    enum CodingKeys: String, CodingKey {
        case id, name, path, description, visibility
        case fullPath = "full_path"
        case fullName = "full_name"
        case parentID = "parent_id"
        case webURL = "web_url"
    }
}
