import Watcher

/// A branch of a project of the soak's fake GitLab, by path and name.
struct SoakBranch: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The project's path (`soak/p1`).
    var project: String
    /// The branch.
    var branch: String

    var description: String { "\(project)@\(branch)" }

    static func < (lhs: SoakBranch, rhs: SoakBranch) -> Bool { lhs.description < rhs.description }
}
