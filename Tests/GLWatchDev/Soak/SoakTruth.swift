import Watcher

/// What glwatch must announce about the changes a soak scripted: the ground truth, derived from the fake GitLab's
/// history as the script changed it.
///
/// Every commit made appears in exactly one announced `commits.new` or `branch.force_pushed` event; every branch
/// created is announced once (`branch.created`); every forced push once (`branch.force_pushed`); every author's
/// first commit in a project once (`contributor.new`).
struct SoakTruth: Sendable {
    /// Every commit made by the script, with the branch it was pushed to.
    var commits: [String: SoakBranch] = [:]
    /// Branches the script created.
    var createdBranches: Set<SoakBranch> = []
    /// How many forced pushes the script made on each branch.
    var forcePushes: [SoakBranch: Int] = [:]
    /// Authors (`project path`, lowercased e-mail) whose first commit in the project the script made.
    var newContributors: Set<SoakContributor> = []

    /// How many announcements this asks for, all kinds together.
    var expectedCount: Int {
        commits.count + createdBranches.count + forcePushes.values.reduce(0, +) + newContributors.count
    }
}

/// An author in a project.
struct SoakContributor: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The project's path.
    var project: String
    /// The author's e-mail address, lowercased.
    var email: String

    var description: String { "\(email) in \(project)" }

    static func < (lhs: SoakContributor, rhs: SoakContributor) -> Bool { lhs.description < rhs.description }
}
