import Foundation

/// Where this replica stands after its `ReplicaCoordinator`'s latest round (or a lease lost in between): what
/// `/readyz` and the `glwatch_replica_*` metrics show.
struct ReplicaReport: Sendable, Equatable {
    /// The replica's id (`ReplicaLeases.replicaID`), the metrics' `replica` label.
    var replicaID: String
    /// Whether the latest round reached the database (the store opened, so it did at first).
    var databaseUp = true
    /// Why the latest round failed: the store's error, naming the host, never the password.
    var problem: String?
    /// Whether this replica dropped its leases and leadership after a whole lease period without renewing them
    /// (it polls nothing until a round reaches the database again).
    var leasesLapsed = false
    /// The project leases it holds now.
    var leases = 0
    /// Whether it holds the leader lease now.
    var leading = false
    /// Leases lost since it started: claimed by another replica once expired (a renewal or a poll's fence found
    /// them gone), or dropped after a lease period without the database.
    var leaseLosses = 0
    /// When a round last reached the database (renewing the leases); `nil` before the first.
    var renewedAt: Date?
    /// How long its leases last unless renewed (`ReplicaLeases.leasePeriod`), in seconds.
    var leasePeriod: TimeInterval = 30

    /// Why the replica is not ready (`/readyz` answers 503 with it), or `nil` when its database answers.
    var notReadyReason: String? {
        guard !databaseUp else { return nil }
        let problem = self.problem ?? "the state database does not answer"
        return leasesLapsed ? "this replica's leases lapsed, so it stopped polling: \(problem)" : problem
    }
}
