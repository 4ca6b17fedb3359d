import RxCore
import Synchronization

extension WatcherMetrics {
    /// Follows this replica's coordinator (PostgreSQL): the project leases it holds
    /// (`glwatch_replica_leases{replica}`), whether it leads (`glwatch_replica_leader`), whether its latest round
    /// reached the database (`glwatch_replica_database_up`) and the leases it lost
    /// (`glwatch_replica_lease_losses_total`); and, when `health` is given, makes it not ready while the database
    /// does not answer (a round failed, or none has succeeded for a lease period).
    ///
    /// Dispose the result to stop following.
    func follow(_ coordinator: ReplicaCoordinator, health: HealthMonitor? = nil) -> any Disposable {
        let counted = Mutex(0)
        return coordinator.reports.subscribe(onNext: { [self] report in
            let replica = report.replicaID
            replicaLeases(replica).record(report.leases)
            replicaLeader(replica).record(report.leading ? 1 : 0)
            replicaDatabaseUp(replica).record(report.databaseUp ? 1 : 0)
            let newLosses = counted.withLock { counted in
                defer { counted = max(counted, report.leaseLosses) }
                return report.leaseLosses - counted
            }
            // Touched at zero too, so that the series exists (and `increase()` works) before the first loss.
            replicaLeaseLosses(replica).increment(by: Int64(max(0, newLosses)))
            health?.stateStoreUnavailable(report.notReadyReason)
            health?.leasesRenewed(at: report.renewedAt, period: report.leasePeriod)
        })
    }
}
