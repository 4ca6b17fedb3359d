/// A branch (`GET /repository/branches`, `…/branches/:branch`).
public struct GitLabBranch: Sendable, Hashable, Codable {
    /// The branch name (may contain `/`).
    public var name: String
    /// The head commit.
    ///
    /// Compare its `id` with the last-seen head to detect a change in one request.
    public var commit: GitLabCommit
    /// Whether the branch is merged into the default branch.
    public var merged: Bool?
    /// Whether the branch is protected.
    public var protected: Bool?
    /// Whether this is the project's default branch.
    public var isDefault: Bool?
    /// Whether developers may push.
    public var developersCanPush: Bool?
    /// Whether developers may merge.
    public var developersCanMerge: Bool?
    /// Whether the current user may push.
    public var canPush: Bool?
    /// The branch's page on GitLab.
    public var webURL: String?

    enum CodingKeys: String, CodingKey {
        case name, commit, merged, protected
        case isDefault = "default"
        case developersCanPush = "developers_can_push"
        case developersCanMerge = "developers_can_merge"
        case canPush = "can_push"
        case webURL = "web_url"
    }
}
