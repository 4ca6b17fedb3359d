/// A member's role in a project (GitLab's access levels: `Gitlab::Access`).
///
/// Push events need `download_code`, which Reporter and above have: a Guest member does not see a project's
/// pushes in the user-wide feed (`GET /events?scope=all`). See ../shared/GITLAB-API.md, "User-wide events".
public enum FakeAccessLevel: Int, Sendable, Hashable, Comparable {
    /// Guest (10): sees the project, not its code.
    case guest = 10
    /// Reporter (20): reads code, so sees push events.
    case reporter = 20
    /// Developer (30): the role `addProject(members:)` and `addMember(_:)` give.
    case developer = 30
    /// Maintainer (40).
    case maintainer = 40
    /// Owner (50).
    case owner = 50

    /// Orders by access level.
    public static func < (lhs: FakeAccessLevel, rhs: FakeAccessLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
