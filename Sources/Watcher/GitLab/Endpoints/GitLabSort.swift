/// Sort direction of a list.
public enum GitLabSort: String, Sendable, Hashable {
    /// Ascending.
    case ascending = "asc"
    /// Descending.
    case descending = "desc"
}
