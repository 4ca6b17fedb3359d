/// Line counts of a commit (`with_stats=true` on lists; the default on `GET /repository/commits/:sha`).
public struct GitLabCommitStats: Sendable, Hashable, Codable {
    /// Lines added.
    public var additions: Int
    /// Lines removed.
    public var deletions: Int
    /// Lines changed (added + removed).
    public var total: Int
}
