/// A contributor (`GET /repository/contributors`).
///
/// Lossy by GitLab's design: it covers only the latest ~2,000 non-merge commits of the ref, groups by the exact
/// author email (no case folding, no `.mailmap`), and reports `additions`/`deletions` as 0.
public struct GitLabContributor: Sendable, Hashable, Codable {
    /// Author name.
    public var name: String
    /// Author email, exactly as written in the commits.
    public var email: String
    /// Number of commits.
    public var commits: Int
    /// Always 0 on current GitLab.
    public var additions: Int?
    /// Always 0 on current GitLab.
    public var deletions: Int?
}
