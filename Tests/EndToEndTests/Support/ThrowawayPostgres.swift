import ChildProcess
import Foundation
import TestSupport

/// A throwaway PostgreSQL cluster for the end-to-end tests, once per test process: `Tests/Tools/postgres-throwaway.sh`
/// (initdb in a temp folder, loopback only), which stops and removes itself once this process has ended. Its
/// `postgres` database is empty, as a fresh replica set needs it.
enum ThrowawayPostgres {
    /// The cluster's URL, or why there is none.
    static let cluster: Result<ThrowawayPostgresCluster.Cluster, Unavailable> = start()

    /// Why no cluster could be started.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The URL of the cluster's empty `postgres` database, when there is one.
    static var url: String? { try? cluster.get().url }

    /// A shell command that restarts the cluster (stop, a pause of `seconds`, start), when there is one.
    static func restartCommand(pausing seconds: Int = 3) -> String? {
        try? cluster.get().restartCommand(pausing: seconds)
    }

    /// Why the PostgreSQL end-to-end tests are skipped.
    static var unavailableReason: String {
        guard case .failure(let reason) = cluster else { return "" }
        return reason.description
    }

    private static func start() -> Result<ThrowawayPostgresCluster.Cluster, Unavailable> {
        ThrowawayPostgresCluster.startCluster().mapError { Unavailable(description: $0.description) }
    }
}

extension RequiredComponent {
    /// A throwaway PostgreSQL cluster (`ThrowawayPostgres`): `.requires(.postgreSQL)` on a test or suite.
    static let postgreSQL = RequiredComponent("PostgreSQL") {
        ThrowawayPostgres.url == nil ? ThrowawayPostgres.unavailableReason : nil
    }
}
