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

    // MARK: The change feed among replicas

    /// Whether the replicas can share one read of each change feed: the leader reads it and passes the hints on
    /// (`forwardFeedHints`). Without (no wake-ups between replicas) every replica reads every feed itself.
    var sharesFeed: Bool { get }

    /// Whether hints the leader passes on reach this replica now (its wake-up listener listens), so that it can
    /// leave the change feed to the leader; while it cannot, it reads the feed itself.
    var hearsFeedHints: Bool { get }

    /// Passes the change feed's hints for projects this replica does not hold to the other replicas.
    func forwardFeedHints(_ hints: [FeedHint], instance: String) async throws

    /// The note the leader last published for `instance`'s change feed (`nil`: none yet).
    func feedNote(instance: String) async throws -> FeedNote?

    /// Publishes where `instance`'s change feed stands; `false` when this replica no longer leads.
    func publishFeedNote(_ note: FeedNote, instance: String) async throws -> Bool
}

extension ProjectLeaseFilter {
    /// Passes nothing on.
    package func forward(_ hint: HookHint, instance: String) -> Bool { false }

    /// Shares no feed: every replica reads its own.
    package var sharesFeed: Bool { false }
    /// Hears no hints.
    package var hearsFeedHints: Bool { false }
    /// Passes nothing on.
    package func forwardFeedHints(_ hints: [FeedHint], instance: String) async throws {}
    /// No note.
    package func feedNote(instance: String) async throws -> FeedNote? { nil }
    /// Publishes nothing.
    package func publishFeedNote(_ note: FeedNote, instance: String) async throws -> Bool { false }
}
