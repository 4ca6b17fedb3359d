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
}

extension ProjectLeaseFilter {
    /// Passes nothing on.
    package func forward(_ hint: HookHint, instance: String) -> Bool { false }
}
