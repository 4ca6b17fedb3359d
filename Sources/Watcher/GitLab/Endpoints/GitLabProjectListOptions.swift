import Foundation

/// Filters and order for `GET /projects`.
public struct GitLabProjectListOptions: Sendable, Hashable {
    /// Only projects the user is a member of.
    ///
    /// On by default: unscoped, gitlab.com lists every public project.
    public var membership: Bool? = true
    /// Only projects the user owns.
    public var owned: Bool?
    /// Only projects where the user has at least this access level (`20`: Reporter, who can read code and
    /// whose feed lists the project's pushes).
    public var minAccessLevel: Int?
    /// Only archived (`true`) or unarchived (`false`) projects.
    public var archived: Bool?
    /// Projects whose name or path matches.
    public var search: String?
    /// GitLab's short form (drops `archived`, `visibility` and `empty_repo`).
    public var simple: Bool?
    /// Only projects with activity after this time (coarse: see `GitLabProject.lastActivityAt`).
    public var lastActivityAfter: Date?
    /// `id`, `name`, `path`, `created_at`, `updated_at` or `last_activity_at`.
    public var orderBy: String?
    /// Sort direction.
    public var sort: GitLabSort?
    /// Keyset pagination (ordered by id): no totals, no 50,000-offset limit.
    ///
    /// Recommended for large instances.
    public var keyset: Bool = false
    /// Items per page (default: the client's `perPage`).
    public var perPage: Int?

    /// The user's projects (`membership=true`), in GitLab's order.
    public static let `default` = GitLabProjectListOptions()

    var query: [GitLabQueryItem] {
        var query = GitLabQueryBuilder()
        query.add("membership", membership)
        query.add("owned", owned)
        query.add("min_access_level", minAccessLevel.map(String.init))
        query.add("archived", archived)
        query.add("search", search)
        query.add("simple", simple)
        query.add("last_activity_after", lastActivityAfter)
        query.addOrder(by: orderBy ?? (keyset ? "id" : nil), sort: sort ?? (keyset ? .ascending : nil))
        return query.items
    }
}
