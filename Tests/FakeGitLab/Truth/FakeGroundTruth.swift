import Foundation

/// What a watcher of the fake must announce about what happened between two moments (`FakeHistory`), worked out
/// from the fake's own repositories and push events alone — it shares no code with glwatch, so it can judge it.
///
/// Per project (by id, so renames do not matter):
/// - **commits**: every commit reachable from the heads at the end — and from every head a branch had before a
///   forced push or a deletion moved it away — and not reachable from the heads when watching began;
/// - **new contributors**: the authors (e-mail, case-insensitive) of those commits that are not merges, who had
///   no non-merge commit reachable from the heads when watching began (a merge made in the web UI does not make
///   its author a contributor);
/// - **branches created, deleted, force-pushed**: one per push event of that kind after the start (a forced push
///   is a push whose old head is not an ancestor of its new one; a branch deleted and created again is a deletion
///   and a creation, not a forced push);
/// - **removed projects**: the ones gone (deleted) by the end; a project created after the start starts from
///   nothing, so everything in it is new.
///
/// A watcher polls, so it cannot see a head that lived between two polls: whoever scripts the changes must only
/// force-push or delete a branch whose current head the watcher has already announced. A project deleted right
/// after a push is the exception this type models: what was pushed last before the deletion is *optional*
/// (`optionalCommits`), since only a timely poll can see it.
public struct FakeGroundTruth: Sendable {
    /// A branch of a project.
    public struct Branch: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The project's id.
        public var projectID: Int64
        /// The project's path (for messages).
        public var path: String
        /// The branch.
        public var branch: String

        /// Creates a key.
        public init(projectID: Int64, path: String, branch: String) {
            self.projectID = projectID
            self.path = path
            self.branch = branch
        }

        /// `path@branch`.
        public var description: String { "\(path)@\(branch)" }

        /// Orders by description.
        public static func < (lhs: Branch, rhs: Branch) -> Bool { lhs.description < rhs.description }
    }

    /// An author in a project.
    public struct Contributor: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The project's id.
        public var projectID: Int64
        /// The project's path (for messages).
        public var path: String
        /// The e-mail address, lowercased.
        public var email: String

        /// Creates a key (the e-mail is lowercased).
        public init(projectID: Int64, path: String, email: String) {
            self.projectID = projectID
            self.path = path
            self.email = email.lowercased()
        }

        /// `email in path`.
        public var description: String { "\(email) in \(path)" }

        /// Orders by description.
        public static func < (lhs: Contributor, rhs: Contributor) -> Bool { lhs.description < rhs.description }
    }

    /// Commits that must be announced, by project id.
    public private(set) var commits: [Int64: Set<String>] = [:]
    /// Commits that may be announced but need not be (pushed right before their project was deleted).
    public private(set) var optionalCommits: [Int64: Set<String>] = [:]
    /// Branches created, and how many times each.
    public private(set) var createdBranches: [Branch: Int] = [:]
    /// Branches deleted, and how many times each.
    public private(set) var deletedBranches: [Branch: Int] = [:]
    /// Forced pushes per branch.
    public private(set) var forcePushes: [Branch: Int] = [:]
    /// Authors whose first commit in the project (not a merge) must be announced.
    public private(set) var newContributors: Set<Contributor> = []
    /// Authors that may be announced (their first commit is optional).
    public private(set) var optionalContributors: Set<Contributor> = []
    /// Projects gone by the end (deleted), by id, with their last path.
    public private(set) var removedProjects: [Int64: String] = [:]
    /// Projects archived at the end, by id, with their path.
    public private(set) var archivedProjects: [Int64: String] = [:]
    /// Every project's last known path, by id.
    public private(set) var paths: [Int64: String] = [:]
    /// Each project's last known repository, for `range`.
    private var repositories: [Int64: FakeRepository] = [:]

    /// Works out the truth between `start` (when watching began) and `end`.
    ///
    /// - Parameters:
    ///   - lastSeen: for a project deleted before the end, the world right before its deletion (without it, a
    ///     deleted project only counts as removed).
    ///   - required: for such a project, the world up to which everything must be announced (before its last
    ///     push); what came after it, up to `lastSeen`, is optional. Defaults to `lastSeen`.
    public init(
        start: FakeHistory,
        end: FakeHistory,
        lastSeen: [Int64: FakeHistory] = [:],
        required: [Int64: FakeHistory] = [:]
    ) {
        let ids = Set(start.projectIDs).union(end.projectIDs).union(lastSeen.keys)
        for id in ids.sorted() {
            let gone = !end.contains(id)
            guard let last = gone ? lastSeen[id] : end, let path = last.path(of: id) else {
                if let path = start.path(of: id) { removedProjects[id] = path }
                continue
            }
            paths[id] = path
            repositories[id] = last.world.projects[id]?.repository
            if gone { removedProjects[id] = path }
            if end.isArchived(id) { archivedProjects[id] = path }
            let must = FakeTruthWalk(start: start, end: gone ? (required[id] ?? last) : last, projectID: id)
            let may = FakeTruthWalk(start: start, end: last, projectID: id)
            commits[id] = must.commits
            let extra = may.commits.subtracting(must.commits)
            if !extra.isEmpty { optionalCommits[id] = extra }
            for (branch, count) in must.created { createdBranches[Branch(projectID: id, path: path, branch: branch)] = count }
            for (branch, count) in must.deleted { deletedBranches[Branch(projectID: id, path: path, branch: branch)] = count }
            for (branch, count) in must.forced { forcePushes[Branch(projectID: id, path: path, branch: branch)] = count }
            let key = { (email: String) in Contributor(projectID: id, path: path, email: email) }
            newContributors.formUnion(must.contributors.map(key))
            optionalContributors.formUnion(may.contributors.subtracting(must.contributors).map(key))
        }
    }

    /// How many announcements this asks for: commits, branches created and deleted, forced pushes, new
    /// contributors and removed projects.
    public var expectedCount: Int {
        commits.values.reduce(0) { $0 + $1.count } + createdBranches.values.reduce(0, +)
            + deletedBranches.values.reduce(0, +) + forcePushes.values.reduce(0, +) + newContributors.count
            + removedProjects.count
    }

    /// The paths commit `sha` of project `projectID` changes against its first parent, as GitLab's commit diff
    /// shows them (for a merge: what it brought in); empty for an unknown commit.
    public func changedPaths(in projectID: Int64, of sha: String) -> [String] {
        repositories[projectID]?.changedFiles(of: sha).map(\.path) ?? []
    }

    /// The commits reachable from `to` and not from `from` in project `projectID` (empty for an unknown project):
    /// what a range `from..to` holds, to check the commits a truncated announcement left out.
    public func range(in projectID: Int64, from: String?, to: String) -> Set<String> {
        guard let repository = repositories[projectID] else { return [] }
        let excluded = from.map { repository.reachable(from: [$0]) } ?? []
        return repository.reachable(from: [to]).subtracting(excluded)
    }
}
