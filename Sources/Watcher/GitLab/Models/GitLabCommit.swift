/// A commit (`GET /repository/commits`, `…/commits/:sha`, embedded in branches, tags and compare results).
///
/// Only `id` is required: commits embedded in compare results carry a handful of fields, and list and single
/// answers differ. SHAs are not assumed to be 40 characters (SHA-256 repositories use 64).
public struct GitLabCommit: Sendable, Hashable, Codable, Identifiable {
    /// The full SHA.
    public var id: String
    /// The abbreviated SHA GitLab shows.
    public var shortID: String?
    /// The first line of the message.
    public var title: String?
    /// The whole message.
    public var message: String?
    /// Author name, as written in the commit (GitLab ignores `.mailmap`).
    public var authorName: String?
    /// Author email, as written in the commit.
    public var authorEmail: String?
    /// When the commit was authored, in the author's offset.
    public var authoredDate: GitLabTimestamp?
    /// Committer name.
    public var committerName: String?
    /// Committer email.
    public var committerEmail: String?
    /// When the commit was committed, in the committer's offset.
    ///
    /// `since`/`until` filter on this date.
    public var committedDate: GitLabTimestamp?
    /// GitLab's `created_at`, equal to the committed date.
    public var createdAt: GitLabTimestamp?
    /// Parent SHAs: none for a root commit, two or more for a merge.
    ///
    /// `nil` when GitLab left the field out.
    public var parentIDs: [String]?
    /// The commit's page on GitLab.
    public var webURL: String?
    /// Line counts, when asked for.
    public var stats: GitLabCommitStats?
    /// Git trailers (`Signed-off-by: …`), last value per key, when asked for with `trailers=true`.
    public var trailers: [String: String]?
    /// Git trailers with every value per key.
    public var extendedTrailers: [String: [String]]?

    /// Whether the commit is a merge (more than one parent).
    public var isMerge: Bool { (parentIDs?.count ?? 0) > 1 }

    enum CodingKeys: String, CodingKey {
        case id, title, message, stats, trailers
        case shortID = "short_id"
        case authorName = "author_name"
        case authorEmail = "author_email"
        case authoredDate = "authored_date"
        case committerName = "committer_name"
        case committerEmail = "committer_email"
        case committedDate = "committed_date"
        case createdAt = "created_at"
        case parentIDs = "parent_ids"
        case webURL = "web_url"
        case extendedTrailers = "extended_trailers"
    }
}
