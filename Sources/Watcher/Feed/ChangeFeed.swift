import Foundation
import Synchronization

/// The change feed of one GitLab instance: its reader, the projects it covers and whether it is healthy.
///
/// A project is covered when the token's user has Reporter access or more (`GET /projects?membership=true&
/// min_access_level=20`, refreshed with discovery): only those projects' pushes are in the feed
/// (docs/gitlab-api.md, "The change feed"). Covered projects are swept every `sweepInterval`, at phases spread
/// evenly over it; while the feed has not been read successfully for three of its intervals, no project counts
/// as covered, so every project falls back to its own cadence.
final class ChangeFeed: Sendable {
    /// The instance (engine client name).
    let instance: String
    /// Reads the events.
    let reader: FeedReader
    /// How often the feed is read.
    let interval: TimeInterval
    /// How often a covered project is polled directly.
    let sweepInterval: TimeInterval
    /// The GraphQL head batches of projects the feed cannot see; `nil` when off.
    let batch: HeadBatch?
    private let state = Mutex(State())

    private struct State {
        var scope: Set<Int64> = []
        var scopeListedAt: Date?
        var lastRead: Date?
        var swept: Set<Int64> = []
        var role: Role?
    }

    /// Who reads the feed, when several replicas share the work.
    enum Role: Sendable, Equatable {
        /// This process reads it for itself (one process, or a replica that cannot hear the leader's hints).
        case alone
        /// This replica leads: it reads it and passes the hints for the others' projects on.
        case leading
        /// Another replica leads and passes this one's hints on: it reads only the leader's note.
        case following
    }

    /// Creates the feed of `instance`.
    init(
        instance: String, reader: FeedReader, interval: TimeInterval, sweepInterval: TimeInterval,
        batch: HeadBatch? = nil
    ) {
        self.instance = instance
        self.reader = reader
        self.interval = interval
        self.sweepInterval = sweepInterval
        self.batch = batch
    }

    /// Whether the token's user can read `project`'s pushes (as last listed), whatever the feed's health.
    func inScope(_ project: Int64) -> Bool {
        state.withLock { $0.scope.contains(project) }
    }

    /// Replaces the projects the feed covers (listed at `time`).
    func setScope(_ projects: Set<Int64>, at time: Date) {
        state.withLock {
            $0.scope = projects
            $0.scopeListedAt = time
        }
    }

    /// Whether the covered projects should be listed again: never listed, or longer ago than `interval`.
    func scopeIsDue(now: Date, every interval: TimeInterval) -> Bool {
        state.withLock { state in state.scopeListedAt.map { now.timeIntervalSince($0) >= interval } ?? true }
    }

    /// How many projects the feed covers (as last listed).
    var scopeCount: Int { state.withLock { $0.scope.count } }

    /// Notes who reads the feed this time; returns who did the last time (`nil` before the first read).
    func takeRole(_ role: Role) -> Role? {
        state.withLock { state in
            defer { state.role = role }
            return state.role
        }
    }

    /// Notes a read that completed at `time` (with or without hints): this replica's, or the leader's.
    func noteRead(at time: Date) {
        state.withLock { $0.lastRead = time }
    }

    /// Whether `project`'s changes reach the engine without its own probe now: through the feed, or through a
    /// recent GraphQL head batch.
    func covers(_ project: Int64, now: Date) -> Bool {
        let viaFeed = state.withLock { state in
            guard state.scope.contains(project), let last = state.lastRead else { return false }
            return now.timeIntervalSince(last) <= 3 * interval
        }
        return viaFeed || batch?.covers(project, now: now, window: 3 * interval) == true
    }

    /// The wait before `project`'s next direct poll: `nil` when the feed does not cover it (its cadence
    /// decides); the first time a phase of the sweep interval spread evenly over projects, then the interval.
    func sweepDelay(for project: Int64, now: Date) -> TimeInterval? {
        guard covers(project, now: now) else { return nil }
        let first = state.withLock { $0.swept.insert(project).inserted }
        return first ? sweepInterval * Self.phase(of: project) : sweepInterval
    }

    /// A phase in `0..<1` per project id: the golden-ratio sequence, which spreads any set of ids evenly
    /// without knowing how many there are.
    static func phase(of project: Int64) -> Double {
        let value = Double(project) * 0.618_033_988_749_894_9
        return value - value.rounded(.down)
    }
}
