import Foundation
import RxCore

extension WatchEngine {
    /// Every project the targets cover as of the last discovery (whether this replica holds it or not): what the
    /// replica offers for claiming, ordered by key.
    var coveredProjects: [ProjectKey] {
        registry.withLock { $0.covered }.sorted()
    }

    /// Whether this replica does what must happen once among replicas (record departures, sweep the store):
    /// always without leases.
    var isLeader: Bool { leases?.isLeader ?? true }

    /// The project leases moved (`ReplicaCoordinator`): starts pipelines for projects this replica now holds
    /// (recording their watch starts first, as discovery does) and stops those it no longer holds. A stopped
    /// pipeline's project is not departing — another replica polls it — so nothing is recorded for it.
    func leasesChanged() async {
        let change = reconcile()
        await recordWatchStarts(change.starts)
        var kept = change
        kept.removed = []  // departures are discovery's, and the leader's, to record
        apply(kept, running: registry.withLock { $0.isRunning })
    }
}
