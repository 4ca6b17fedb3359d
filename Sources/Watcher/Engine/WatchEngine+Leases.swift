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
    ///
    /// - Parameter settled: the round succeeded and began once every target had discovered its projects, so this
    ///   replica now holds its share: from the first such round on, the first cycle can be over
    ///   (`isBaselineComplete`; `.leasesSettled` is published once, for a replica whose share is nothing).
    func leasesChanged(settled: Bool = false) async {
        let change = reconcile()
        await recordWatchStarts(change.starts)
        var kept = change
        kept.removed = []  // departures are discovery's, and the leader's, to record
        apply(kept, running: registry.withLock { $0.isRunning })
        let first = settled && registry.withLock { registry in
            defer { registry.leasesSettled = true }
            return !registry.leasesSettled
        }
        if first { subject.onNext(.leasesSettled) }
    }

    // MARK: Lists the leader reads for all

    /// Among replicas that share what the leader reads, when this replica does not lead: the list the leader last
    /// published under `name`, if it is younger than two and a half discovery intervals (the leader lists every
    /// interval, sooner after a failure). `nil` otherwise, and when it cannot be read (logged with `what`): this
    /// replica lists GitLab itself.
    func leaderList<List: Decodable>(_ type: List.Type, named name: String, what: String) async -> List? {
        guard let leases, leases.sharesLeaderReads, !leases.isLeader else { return nil }
        do {
            guard let note = try await leases.leaderNote(name),
                scheduler.now.timeIntervalSince(note.writtenAt) <= 2.5 * configuration.discoveryInterval
            else { return nil }
            return try JSONDecoder().decode(List.self, from: Data(note.value.utf8))
        } catch {
            logger.warning(
                "cannot read the leader's list; listing here", metadata: ["list": "\(what)", "error": "\(error)"]
            )
            return nil
        }
    }

    /// Leading among replicas that share what the leader reads: publishes `list` under `name` for the others, and
    /// wakes them with `wake` when given. A failure is logged (with `what`): the others list GitLab themselves once
    /// the last list they have grows old.
    func publishLeaderList(_ list: some Encodable, named name: String, what: String, wake: ReplicaWake? = nil) async {
        guard let leases, leases.sharesLeaderReads, leases.isLeader else { return }
        do {
            let value = String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
            _ = try await leases.publishLeaderNote(name, value: value, wake: wake)
        } catch {
            logger.warning(
                "cannot publish a list for the other replicas; they list it themselves",
                metadata: ["list": "\(what)", "error": "\(error)"]
            )
        }
    }
}
