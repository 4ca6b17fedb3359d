import Notifier

/// glwatch's persistent state as the watch engine sees it: read where each project stands, then write one
/// poll's outcome with `apply(_:)`.
///
/// `SQLiteStateStore` is the implementation; the protocol keeps the engine independent of it, so a second
/// backend (PostgreSQL, for several replicas sharing one watch list) can be added without touching the engine.
/// The CLI's view is `StateQueries` and `DeliveryAdmin`, the notifier's is `DeliveryQueue`, housekeeping is
/// `StateRetention`; `StateBackend` is all of them together.
package protocol StateStore: Sendable {
    /// Writes everything in `change` in one transaction: all of it is stored, or (on any error) none of it.
    ///
    /// Events whose id is already stored are skipped together with their deliveries, so re-applying a change
    /// after a crash never queues anything twice.
    func apply(_ change: StateChange) async throws -> ApplyResult

    /// Stamps the poll times of projects whose polls found nothing new, all in one transaction.
    ///
    /// Only `lastPollAt` and `lastSuccessAt` move, and never backwards: a failure or change written by `apply`
    /// in the meantime keeps its failure count, error and status, so batching idle polls (`IdlePollLedger`) can
    /// never undo what a later poll stored. Unknown projects are skipped.
    func recordIdlePolls(_ polls: [IdlePoll]) async throws

    /// Records when glwatch began watching each of `starts`, keeping a start already recorded for the same
    /// subject (a restart does not move it), and returns the recorded starts in the same order: one transaction.
    func beginWatching(_ starts: [WatchStart]) async throws -> [WatchStart]

    /// Notes when GitLab last sent a webhook for each project (`ProjectRecord.lastHookAt`; a later time wins, an
    /// unknown project is skipped): one transaction.
    func recordHooks(_ hooks: [IdlePoll]) async throws

    /// Every known project, ordered by key.
    func projects() async throws -> [ProjectRecord]

    /// The projects glwatch began watching (`beginWatching(_:)`) that have no record yet: their baseline was
    /// never written. Ordered by key.
    func unbaselinedProjects() async throws -> [ProjectKey]

    /// One project's record and branch heads, or `nil` if the project is not stored.
    func projectState(_ key: ProjectKey) async throws -> ProjectState?

    /// The emails among `emails` (normalized, see `Contributor.normalize(email:)`) already known as
    /// contributors of `project`.
    func knownContributors(in project: ProjectKey, among emails: Set<String>) async throws -> Set<String>

    /// The SHAs among `shas` already reported for `project` (within the retention bound).
    func reportedCommits(in project: ProjectKey, among shas: [String]) async throws -> Set<String>
}

/// Everything a state backend offers: the engine's, the CLI's, the notifier's and the housekeeping views.
typealias StateBackend = StateStore & StateQueries & DeliveryAdmin & StateRetention & DeliveryQueue
