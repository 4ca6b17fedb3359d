import Synchronization

/// Where an interrupted walk of a commit range stopped, so that the next poll resumes it at the page that failed
/// instead of starting over (a 2,500-commit push is 25 pages; with transient failures, restarting from page 1
/// every poll may never finish).
///
/// One walk per project source is kept: the range of a later poll either is the same (resumed) or replaces it.
/// A range `from..to` of SHAs lists the same commits in the same order every time, so pages fetched earlier stay
/// valid.
final class CommitWalkProgress: Sendable {
    /// A walk in progress.
    struct Walk: Sendable, Equatable {
        /// The project.
        var project: Int64
        /// The `ref_name` walked (`from..to`, or a single revision).
        var range: String
        /// The most commits the walk fetches.
        var limit: Int
        /// The commits fetched so far, newest first.
        var commits: [GitLabCommit]
        /// The next page to fetch.
        var nextPage: Int
    }

    private let current = Mutex<Walk?>(nil)

    /// Creates an empty progress record.
    init() {}

    /// The stored walk of `range` in `project` with `limit`, or a new one starting at page 1.
    func start(project: Int64, range: String, limit: Int) -> Walk {
        current.withLock { walk in
            if let walk, walk.project == project, walk.range == range, walk.limit == limit { return walk }
            return Walk(project: project, range: range, limit: limit, commits: [], nextPage: 1)
        }
    }

    /// Keeps `walk` (interrupted) for the next attempt.
    func save(_ walk: Walk) {
        current.withLock { $0 = walk }
    }

    /// Forgets the walk of `range` (finished).
    func finish(project: Int64, range: String) {
        current.withLock { walk in
            if walk?.project == project, walk?.range == range { walk = nil }
        }
    }

    /// The walk kept, if any (for tests and status).
    var saved: Walk? { current.withLock { $0 } }
}
