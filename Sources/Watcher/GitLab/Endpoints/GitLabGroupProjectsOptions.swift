import Foundation

/// Filters and order for `GET /groups/:id/projects` (offset pagination only).
public struct GitLabGroupProjectsOptions: Sendable, Hashable {
    /// Include projects of subgroups (GitLab's default: no).
    public var includeSubgroups: Bool?
    /// Include projects shared with the group (GitLab's default: yes).
    public var withShared: Bool?
    /// Only archived (`true`) or unarchived (`false`) projects.
    public var archived: Bool?
    /// Projects whose name or path matches.
    public var search: String?
    /// GitLab's short form.
    public var simple: Bool?
    /// Only projects with activity after this time (works, though undocumented).
    public var lastActivityAfter: Date?
    /// `id`, `name`, `path`, `created_at`, `updated_at`, `last_activity_at` or `similarity`.
    public var orderBy: String?
    /// Sort direction.
    public var sort: GitLabSort?
    /// Items per page (default: the client's `perPage`).
    public var perPage: Int?

    /// No filters: GitLab's defaults.
    public static let `default` = GitLabGroupProjectsOptions()

    var query: [GitLabQueryItem] {
        var query = GitLabQueryBuilder()
        query.add("include_subgroups", includeSubgroups)
        query.add("with_shared", withShared)
        query.add("archived", archived)
        query.add("search", search)
        query.add("simple", simple)
        query.add("last_activity_after", lastActivityAfter)
        query.addOrder(by: orderBy, sort: sort)
        return query.items
    }
}
