/// Which projects this replica may poll, when several replicas share the work (PostgreSQL): the engine runs
/// pipelines only for the projects whose lease it holds, and does what must happen once (recording departures,
/// the store sweep) only while it leads. Without one (SQLite) the engine owns every project and leads.
///
/// `ReplicaCoordinator` is the implementation; it tells the engine when its leases moved
/// (`WatchEngine.leasesChanged()`).
package protocol ProjectLeaseFilter: Sendable {
    /// The fence under which this replica holds `key`'s lease, or `nil` when another replica (or none) holds it.
    func fence(for key: ProjectKey) -> ProjectFence?

    /// Whether this replica holds the leader lease now.
    var isLeader: Bool { get }

    /// A poll's apply under `fence` was refused (`StateStoreError.leaseLost`): another replica holds the
    /// project now, so this one forgets the lease and stops polling it.
    func lost(_ fence: ProjectFence)

    /// Passes a webhook's push hint for a project another replica holds on to the replicas, so the holder polls
    /// it at once; `false` when it cannot be passed on.
    func forward(_ hint: HookHint, instance: String) -> Bool

    // MARK: What the leader reads for all

    /// Whether the replicas can share what the leader reads from GitLab: the change feed (the leader passes the
    /// hints on, `forwardFeedHints`) and the targets' project lists (`leaderNote`). Without (no wake-ups between
    /// replicas) every replica reads them itself.
    var sharesLeaderReads: Bool { get }

    /// Whether hints the leader passes on reach this replica now (its wake-up listener listens), so that it can
    /// leave the change feed to the leader; while it cannot, it reads the feed itself.
    var hearsFeedHints: Bool { get }

    /// Passes the change feed's hints for projects this replica does not hold to the other replicas.
    func forwardFeedHints(_ hints: [FeedHint], instance: String) async throws

    /// The note the leader last published under `name` (`nil`: none yet).
    func leaderNote(_ name: String) async throws -> LeaderNote?

    /// Publishes `value` under `name` for the other replicas, and when `wake` is set wakes them with it; `false`
    /// when this replica no longer leads (nothing is written).
    func publishLeaderNote(_ name: String, value: String, wake: ReplicaWake?) async throws -> Bool
}

extension ProjectLeaseFilter {
    /// Passes nothing on.
    package func forward(_ hint: HookHint, instance: String) -> Bool { false }

    /// Shares no feed: every replica reads its own.
    package var sharesLeaderReads: Bool { false }
    /// Hears no hints.
    package var hearsFeedHints: Bool { false }
    /// Passes nothing on.
    package func forwardFeedHints(_ hints: [FeedHint], instance: String) async throws {}
    /// No note.
    package func leaderNote(_ name: String) async throws -> LeaderNote? { nil }
    /// Publishes nothing.
    package func publishLeaderNote(_ name: String, value: String, wake: ReplicaWake?) async throws -> Bool { false }
}
