import Foundation

/// Collects optional query parameters in GitLab's spelling (booleans as `true`/`false`, dates as ISO 8601 UTC).
struct GitLabQueryBuilder {
    private(set) var items: [GitLabQueryItem] = []

    mutating func add(_ name: String, _ value: String?) {
        if let value { items.append(GitLabQueryItem(name, value)) }
    }

    mutating func add(_ name: String, _ value: Bool?) {
        if let value { items.append(GitLabQueryItem(name, value ? "true" : "false")) }
    }

    mutating func add(_ name: String, _ value: Date?) {
        if let value { items.append(GitLabQueryItem(name, GitLabDateParser.formatQuery(value))) }
    }

    /// A string-backed value in GitLab's spelling (`sort=asc`, `order=topo`).
    mutating func add<Value: RawRepresentable>(_ name: String, _ value: Value?) where Value.RawValue == String {
        add(name, value?.rawValue)
    }

    /// The order of a list: `order_by` (a field name in GitLab's spelling) and `sort`, each only when given.
    mutating func addOrder(by orderBy: String?, sort: GitLabSort?) {
        add("order_by", orderBy)
        add("sort", sort)
    }

    /// A whole date (`2024-05-01`), for parameters that take days.
    mutating func addDay(_ name: String, _ value: Date?) {
        if let value { items.append(GitLabQueryItem(name, String(GitLabDateParser.formatQuery(value).prefix(10)))) }
    }
}
