import Foundation

/// A GitLab project (`GET /projects/:id`, `GET /projects`, `GET /groups/:id/projects`).
///
/// Every field but the id, name and paths is optional: `simple=true` lists leave out `archived`, `visibility`
/// and `empty_repo`, and a field GitLab adds or drops never breaks decoding.
public struct GitLabProject: Sendable, Hashable, Codable, Identifiable {
    /// The numeric id.
    ///
    /// Store it, not the path: paths change when a project is renamed or moved.
    public var id: Int64
    /// Display name.
    public var name: String
    /// Last path segment.
    public var path: String
    /// Full path, `group/subgroup/project`.
    public var pathWithNamespace: String
    /// `Group / Subgroup / Project`.
    public var nameWithNamespace: String?
    /// Description (may be null).
    public var description: String?
    /// The default branch; `nil` for an empty repository.
    public var defaultBranch: String?
    /// Visibility level (absent in `simple` lists).
    public var visibility: GitLabVisibility?
    /// Whether the project is archived (absent in `simple` lists).
    public var archived: Bool?
    /// Whether the repository has no commits yet (absent in `simple` lists).
    public var emptyRepo: Bool?
    /// The project's page on GitLab.
    public var webURL: String?
    /// HTTP clone URL.
    public var httpURLToRepo: String?
    /// Creation time.
    public var createdAt: Date?
    /// Coarse last activity: GitLab only rewrites it when the stored value is more than an hour old.
    public var lastActivityAt: Date?
    /// The namespace (group or user) the project lives in.
    public var namespace: GitLabNamespace?
    /// Topics.
    public var topics: [String]?

    enum CodingKeys: String, CodingKey {
        case id, name, path, description, visibility, archived, namespace, topics
        case pathWithNamespace = "path_with_namespace"
        case nameWithNamespace = "name_with_namespace"
        case defaultBranch = "default_branch"
        case emptyRepo = "empty_repo"
        case webURL = "web_url"
        case httpURLToRepo = "http_url_to_repo"
        case createdAt = "created_at"
        case lastActivityAt = "last_activity_at"
    }
}
