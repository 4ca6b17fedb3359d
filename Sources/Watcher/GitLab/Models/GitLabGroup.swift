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

    /// Creates a group.
    public init(
        id: Int64,
        name: String,
        path: String,
        fullPath: String,
        fullName: String? = nil,
        description: String? = nil,
        visibility: GitLabVisibility? = nil,
        parentID: Int64? = nil,
        webURL: String? = nil
    ) {
        self.id = id
        self.name = name
        self.path = path
        self.fullPath = fullPath
        self.fullName = fullName
        self.description = description
        self.visibility = visibility
        self.parentID = parentID
        self.webURL = webURL
    }

    enum CodingKeys: String, CodingKey {
        case id, name, path, description, visibility
        case fullPath = "full_path"
        case fullName = "full_name"
        case parentID = "parent_id"
        case webURL = "web_url"
    }
}
