import Foundation

/// Filters for `GET /projects/:id/repository/commits`.
///
/// Track heads by SHA: `refName: "\(lastSeen)..\(head)"` lists exactly the commits reachable from the new head
/// and not from the old one. `since`/`until` filter on the committer date and git stops walking at the first
/// older commit, so merged, rebased or wrongly-clocked commits slip through them.
public struct GitLabCommitListOptions: Sendable, Hashable {
    /// The order of the list.
    public enum Order: String, Sendable, Hashable {
        /// Reverse chronological by committer date (git's default).
        case `default`
        /// Children before parents, branches not interleaved (`git log --topo-order`).
        case topo
    }

    /// A branch, tag, SHA or revision range `A..B` (default: the default branch).
    public var refName: String?
    /// Only commits committed at or after this time.
    public var since: Date?
    /// Only commits committed at or before this time.
    public var until: Date?
    /// Only commits touching this file path.
    public var path: String?
    /// Only commits whose author name or email matches.
    public var author: String?
    /// Every commit of every ref.
    public var all: Bool?
    /// Follow only the first parent of merges (the mainline).
    public var firstParent: Bool?
    /// The order of the list.
    public var order: Order?
    /// Include line counts (costly for GitLab).
    public var withStats: Bool?
    /// Include git trailers.
    public var trailers: Bool?
    /// Items per page (default: the client's `perPage`).
    public var perPage: Int?

    /// Creates options.
    public init(
        refName: String? = nil,
        since: Date? = nil,
        until: Date? = nil,
        path: String? = nil,
        author: String? = nil,
        all: Bool? = nil,
        firstParent: Bool? = nil,
        order: Order? = nil,
        withStats: Bool? = nil,
        trailers: Bool? = nil,
        perPage: Int? = nil
    ) {
        self.refName = refName
        self.since = since
        self.until = until
        self.path = path
        self.author = author
        self.all = all
        self.firstParent = firstParent
        self.order = order
        self.withStats = withStats
        self.trailers = trailers
        self.perPage = perPage
    }

    /// The commits reachable from `new` but not from `old` (`ref_name=old..new`).
    public static func range(from old: String, to new: String, firstParent: Bool? = nil) -> GitLabCommitListOptions {
        GitLabCommitListOptions(refName: "\(old)..\(new)", firstParent: firstParent)
    }

    var query: [GitLabQueryItem] {
        var query = GitLabQueryBuilder()
        query.add("ref_name", refName)
        query.add("since", since)
        query.add("until", until)
        query.add("path", path)
        query.add("author", author)
        query.add("all", all)
        query.add("first_parent", firstParent)
        query.add("order", order)
        query.add("with_stats", withStats)
        query.add("trailers", trailers)
        return query.items
    }
}
