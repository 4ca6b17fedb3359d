/// Everything a rule requires of an event; all conditions given must hold.
public struct RuleConditions: Sendable, Hashable {
    /// Whether commit conditions must hold for at least one commit or for every commit of the event.
    public enum CommitQuantifier: String, Sendable, Hashable {
        /// At least one commit (the default).
        case any
        /// Every commit.
        case all
    }

    /// The event types the rule applies to; `nil` for all.
    public var eventTypes: Set<EventType>?
    /// The project path must match one of these.
    public var projects: [TextPattern]
    /// The project must be in one of these groups (or their subgroups).
    public var groups: [String]
    /// The branch must match one of these (events without a branch never match).
    public var branches: [TextPattern]
    /// Conditions on the event's commits.
    public var commit: CommitConditions
    /// Whether `commit` must hold for any or for all commits.
    public var commitQuantifier: CommitQuantifier
    /// A changed file path must match one of these (fetched only when the other conditions hold).
    public var paths: [Glob]
    /// The event must bring at least this many commits.
    public var minCommits: Int?
    /// The event must bring at most this many commits.
    public var maxCommits: Int?
    /// The event must have happened in this window.
    public var window: TimeWindow?

    /// Creates conditions; none given means every event matches.
    public init(
        eventTypes: Set<EventType>? = nil,
        projects: [TextPattern] = [],
        groups: [String] = [],
        branches: [TextPattern] = [],
        commit: CommitConditions = CommitConditions(),
        commitQuantifier: CommitQuantifier = .any,
        paths: [Glob] = [],
        minCommits: Int? = nil,
        maxCommits: Int? = nil,
        window: TimeWindow? = nil
    ) {
        self.eventTypes = eventTypes
        self.projects = projects
        self.groups = groups
        self.branches = branches
        self.commit = commit
        self.commitQuantifier = commitQuantifier
        self.paths = paths
        self.minCommits = minCommits
        self.maxCommits = maxCommits
        self.window = window
    }

    /// Whether the rule needs the event's changed file paths (a GitLab request) to decide.
    public var needsChangedPaths: Bool { !paths.isEmpty }

    /// Whether every condition except the changed paths holds; cheap, so checked first.
    public func matchesIgnoringPaths(_ event: WatchEvent) -> Bool {
        if let eventTypes, !eventTypes.contains(event.type) { return false }
        if !projects.isEmpty, !projects.contains(where: { $0.matches(event.project.path) }) { return false }
        if !groups.isEmpty,
            !groups.contains(where: { event.project.path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") })
        {
            return false
        }
        if !branches.isEmpty {
            guard let branch = event.branch, branches.contains(where: { $0.matches(branch) }) else { return false }
        }
        if let minCommits, event.details.commitCount < minCommits { return false }
        if let maxCommits, event.details.commitCount > maxCommits { return false }
        if let window, !window.contains(event.occurredAt) { return false }
        if !commit.isEmpty {
            let commits = event.commits
            guard !commits.isEmpty else { return false }
            switch commitQuantifier {
            case .any: if !commits.contains(where: commit.matches) { return false }
            case .all: if !commits.allSatisfy(commit.matches) { return false }
            }
        }
        if needsChangedPaths, event.commits.isEmpty { return false }
        return true
    }

    /// Whether one of the changed paths satisfies the path condition.
    public func matchesPaths(_ changedPaths: [String]) -> Bool {
        paths.isEmpty || changedPaths.contains { path in paths.contains { $0.matches(path) } }
    }
}
