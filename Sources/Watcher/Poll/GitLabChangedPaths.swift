import Notifier
import Synchronization

/// The paths an event's commits changed, from GitLab, for rules with `paths:`.
///
/// The router asks only when such a rule must decide on an event (its other conditions hold), at most once per
/// event:
/// - a few commits, every one listed (at most `perCommitLimit`): each commit's diff
///   (`GET /projects/:id/repository/commits/:sha/diff`, every page; `old_path` and `new_path` both count), cached
///   per SHA — a commit's diff never changes, so a push and the contributor event of one of its commits cost one
///   set of requests;
/// - a larger push, or one whose commit list was shortened: one comparison of the whole range
///   (`GET /projects/:id/repository/compare?from=&to=`) rather than a request per commit. GitLab cuts a
///   comparison's diffs short when they exceed its diff limits and then answers `compare_timeout: true`
///   (`lib/api/entities/compare.rb`: `compare.diffs.diffs.overflow?`): the list is truncated, and a `paths`
///   condition matches rather than risk missing the event;
/// - a history from its root commit (a new project): the root commit's diff and one comparison from it to the
///   head;
///
/// A GitLab failure fails the poll (it is retried with the next one): an event is never routed on paths that
/// could not be read.
final class GitLabChangedPaths: ChangedPathsProvider {
    /// Where diffs come from.
    let source: any ProjectSource
    /// The project whose events are routed.
    let project: Int64
    /// The most commits read one by one; more use one comparison.
    let perCommitLimit: Int
    private let cache = Mutex<[String: [String]]>([:])

    /// The most commits whose paths are kept (the cache starts over beyond).
    static let cacheLimit = 2_000

    /// Creates the provider of one project's changed paths.
    init(source: any ProjectSource, project: Int64, perCommitLimit: Int = 10) {
        self.source = source
        self.project = project
        self.perCommitLimit = perCommitLimit
    }

    func changedPaths(for event: WatchEvent) async throws -> [String] {
        try await changeSet(for: event).paths
    }

    func changeSet(for event: WatchEvent) async throws -> ChangedPaths {
        let commits = event.commits
        let list: CommitList?
        var range: (from: String?, to: String)?
        switch event.details {
        case .commitsNew(let details):
            list = details.commits
            range = (details.before, details.after)
        case .branchForcePushed(let details):
            list = details.commits
            // An old head GitLab pruned cannot start a comparison (404 `Ref Not Found`): no earlier head is known.
            range = (details.oldHeadPruned ? nil : details.oldHead, details.newHead)
        default:
            list = nil
        }
        let complete = list.map { !$0.isTruncated } ?? true
        if complete, commits.count <= perCommitLimit {
            return ChangedPaths(paths: try await paths(of: commits.map(\.id)))
        }
        if range?.from == nil, let root = commits.first, root.parentIDs.isEmpty, let to = range?.to ?? commits.last?.id,
            root.id != to
        {
            // A history from its root commit (a new project, a first push): the root's own diff and one comparison
            // from it, rather than a diff per commit (hundreds of requests, any of which failing fails the poll).
            let comparison = try await source.comparison(from: root.id, to: to, in: project)
            return ChangedPaths(
                paths: try await paths(of: [root.id]) + comparison.diffs.flatMap { [$0.oldPath, $0.newPath] },
                isTruncated: comparison.compareTimeout == true
            )
        }
        // Oldest first: the range starts at the oldest listed commit's parent when no earlier head is known.
        let from = range?.from ?? commits.first?.parentIDs.first
        guard let from, let to = range?.to ?? commits.last?.id else {
            return ChangedPaths(paths: try await paths(of: commits.map(\.id)), isTruncated: !complete)
        }
        let comparison = try await source.comparison(from: from, to: to, in: project)
        return ChangedPaths(
            paths: comparison.diffs.flatMap { [$0.oldPath, $0.newPath] },
            isTruncated: comparison.compareTimeout == true
        )
    }

    /// How many commits' diffs are read at once (`paths(of:)`): a push of ten commits costs three round trips, not
    /// ten, while one project's poll never holds more than a few of its host's connections.
    static let concurrentDiffs = 4

    /// The paths the commits `shas` changed, in their order, from the cache or GitLab (`concurrentDiffs` at a time).
    private func paths(of shas: [String]) async throws -> [String] {
        var found: [String: [String]] = [:]
        let missing = cache.withLock { cache in
            var missing: [String] = []
            for sha in shas {
                if let cached = cache[sha] {
                    found[sha] = cached
                } else if !missing.contains(sha) {
                    missing.append(sha)
                }
            }
            return missing
        }
        let (source, project) = (self.source, self.project)
        try await withThrowingTaskGroup(of: (String, [String]).self) { group in
            var next = missing.makeIterator()
            func start() {
                guard let sha = next.next() else { return }
                group.addTask {
                    (sha, try await source.diff(of: sha, in: project).flatMap { [$0.oldPath, $0.newPath] })
                }
            }
            for _ in 0..<Self.concurrentDiffs { start() }
            while let (sha, paths) = try await group.next() {
                found[sha] = paths
                start()
            }
        }
        cache.withLock { cache in
            for sha in missing {
                if cache.count >= Self.cacheLimit { cache.removeAll() }
                cache[sha] = found[sha]
            }
        }
        return shas.flatMap { found[$0] ?? [] }
    }
}
