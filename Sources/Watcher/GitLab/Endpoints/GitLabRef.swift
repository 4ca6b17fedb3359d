/// A GitLab project, group or user (`Kind`), by numeric id or by path (a full path, or a username).
///
/// Prefer ids: a path changes when the thing is renamed or moved (GitLab then answers the old path of a project
/// with a 301, which the client follows). Literals work: `42` or `"acme/api"`. Use the aliases
/// `GitLabProjectRef`, `GitLabGroupRef` and `GitLabUserRef`.
public enum GitLabRef<Kind: GitLabRefKind>: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    /// By numeric id.
    case id(Int64)
    /// By full path (`group/subgroup/project`), or by username for a user.
    case path(String)

    /// By id.
    public init(integerLiteral value: Int64) { self = .id(value) }

    /// By path (or username).
    public init(stringLiteral value: String) { self = .path(value) }

    /// The URL path segment: the id, or the path with `/` encoded as `%2F` (a raw `/` is a 404).
    var pathComponent: String {
        switch self {
        case .id(let id): String(id)
        case .path(let path): GitLabPercentEncoding.encode(path)
        }
    }

    /// `project 42`, `group acme/backend` or `user alice`, for messages.
    public var description: String {
        switch self {
        case .id(let id): "\(Kind.noun) \(id)"
        case .path(let path): "\(Kind.noun) \(path)"
        }
    }
}

extension GitLabRef where Kind == GitLabUserRefKind {
    /// A user by username.
    public static func username(_ name: String) -> Self { .path(name) }
}
