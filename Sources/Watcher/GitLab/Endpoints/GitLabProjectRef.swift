/// A project, by numeric id or by full path (`group/subgroup/project`).
///
/// Prefer ids: a path changes when a project is renamed or moved (GitLab then answers the old path with a 301,
/// which the client follows). Literals work: `42` or `"acme/api"`.
public enum GitLabProjectRef: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    /// By numeric id.
    case id(Int64)
    /// By full path.
    case path(String)

    /// A project by id.
    public init(integerLiteral value: Int64) { self = .id(value) }

    /// A project by full path.
    public init(stringLiteral value: String) { self = .path(value) }

    /// The URL path segment: the id, or the path with `/` encoded as `%2F` (a raw `/` is a 404).
    var pathComponent: String {
        switch self {
        case .id(let id): String(id)
        case .path(let path): GitLabPercentEncoding.encode(path)
        }
    }

    /// `project 42` or `project acme/api`, for messages.
    public var description: String {
        switch self {
        case .id(let id): "project \(id)"
        case .path(let path): "project \(path)"
        }
    }
}

/// A group, by numeric id or by full path (`group/subgroup`).
public enum GitLabGroupRef: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    /// By numeric id.
    case id(Int64)
    /// By full path.
    case path(String)

    /// A group by id.
    public init(integerLiteral value: Int64) { self = .id(value) }

    /// A group by full path.
    public init(stringLiteral value: String) { self = .path(value) }

    var pathComponent: String {
        switch self {
        case .id(let id): String(id)
        case .path(let path): GitLabPercentEncoding.encode(path)
        }
    }

    /// `group 7` or `group acme/backend`, for messages.
    public var description: String {
        switch self {
        case .id(let id): "group \(id)"
        case .path(let path): "group \(path)"
        }
    }
}

/// A user, by numeric id or by username.
public enum GitLabUserRef: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    /// By numeric id.
    case id(Int64)
    /// By username.
    case username(String)

    /// A user by id.
    public init(integerLiteral value: Int64) { self = .id(value) }

    /// A user by username.
    public init(stringLiteral value: String) { self = .username(value) }

    var pathComponent: String {
        switch self {
        case .id(let id): String(id)
        case .username(let name): GitLabPercentEncoding.encode(name)
        }
    }

    /// `user 3` or `user alice`, for messages.
    public var description: String {
        switch self {
        case .id(let id): "user \(id)"
        case .username(let name): "user \(name)"
        }
    }
}
