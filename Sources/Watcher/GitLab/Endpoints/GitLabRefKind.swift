/// What a `GitLabRef` names: its `noun` reads in messages (`project 42`, `group acme`, `user alice`).
public protocol GitLabRefKind: Sendable {
    /// The word messages use for the thing (`project`).
    static var noun: String { get }
}

/// `GitLabRef`s naming projects (`GitLabProjectRef`).
public enum GitLabProjectRefKind: GitLabRefKind {
    /// `project`.
    public static var noun: String { "project" }
}

/// `GitLabRef`s naming groups (`GitLabGroupRef`).
public enum GitLabGroupRefKind: GitLabRefKind {
    /// `group`.
    public static var noun: String { "group" }
}

/// `GitLabRef`s naming users (`GitLabUserRef`).
public enum GitLabUserRefKind: GitLabRefKind {
    /// `user`.
    public static var noun: String { "user" }
}
