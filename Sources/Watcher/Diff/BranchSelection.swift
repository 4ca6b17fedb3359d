import Notifier

/// Which branches of a project a target watches.
enum BranchSelection: Sendable, Hashable {
    /// The project's default branch (the default when a target names none).
    case defaultBranch
    /// Branches matching any of these globs (`main`, `release/*`).
    case matching([Glob])
    /// Every branch.
    case all

    /// The one branch name to check with a single request, when the selection is exactly one literal name (or
    /// the default branch); `nil` when several branches may match, which costs a push-event check instead.
    func singleBranch(defaultBranch: String?) -> String? {
        switch self {
        case .defaultBranch:
            return defaultBranch
        case .matching(let globs):
            guard globs.count == 1, let glob = globs.first, !glob.pattern.contains(where: { "*?[{".contains($0) })
            else { return nil }
            return glob.pattern
        case .all:
            return nil
        }
    }

    /// Whether `branch` is watched.
    func contains(_ branch: String, defaultBranch: String?) -> Bool {
        switch self {
        case .defaultBranch: branch == defaultBranch
        case .matching(let globs): globs.contains { $0.matches(branch) }
        case .all: true
        }
    }
}
