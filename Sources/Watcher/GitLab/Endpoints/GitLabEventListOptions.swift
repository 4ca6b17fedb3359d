import Foundation

/// Filters for `GET /projects/:id/events` and `GET /users/:id/events`.
///
/// GitLab filters pages after fetching them, so a short page is not the end: follow the next-page pointer.
public struct GitLabEventListOptions: Sendable, Hashable {
    /// `pushed`, `created`, `merged`, … (`pushed` for pushes).
    public var action: String?
    /// `issue`, `merge_request`, … (pushes have none).
    public var targetType: String?
    /// Only events before this day (whole dates, exclusive).
    public var before: Date?
    /// Only events after this day (whole dates, exclusive).
    public var after: Date?
    /// Sort direction by creation (GitLab's default: newest first).
    public var sort: GitLabSort?
    /// Items per page (default: the client's `perPage`).
    public var perPage: Int?

    /// No filters: every event, in GitLab's order.
    public static let `default` = GitLabEventListOptions()

    /// Push events only.
    public static let pushes = GitLabEventListOptions(action: "pushed")

    var query: [GitLabQueryItem] {
        var query = GitLabQueryBuilder()
        query.add("action", action)
        query.add("target_type", targetType)
        query.addDay("before", before)
        query.addDay("after", after)
        query.add("sort", sort)
        return query.items
    }
}
