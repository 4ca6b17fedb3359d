import Foundation
import Logging
import Synchronization
import Watcher

/// Watches who holds the replicas' leader lease, ten times a second, on a read-only connection to their database
/// (`PostgresStateStore.openForReading`: no lock, heartbeat or lease), so that the soak can say how long the lead
/// took to move after the leader was killed (issue 18: "the leader moves within one lease period").
///
/// The database restart makes reads fail for a few seconds; they are skipped (kills pause meanwhile).
final class SoakLeaderWatch: Sendable {
    /// One change of owner, on the continuous clock.
    struct Change: Sendable {
        var at: ContinuousClock.Instant
        var owner: String
    }

    /// The owners seen, oldest first.
    private final class History: Sendable {
        let changes = Mutex<[Change]>([])
    }

    private let history = History()
    private let kills = Mutex<[(at: ContinuousClock.Instant, pid: Int32)]>([])
    private let task: Task<Void, Never>

    /// Starts watching the database at `url`.
    init(url: String) {
        let history = history
        task = Task {
            var store: PostgresStateStore?
            let logger = Logger(label: "soak.leader", factory: { _ in SwiftLogNoOpLogHandler() })
            while !Task.isCancelled {
                do {
                    if store == nil {
                        store = try await PostgresStateStore.openForReading(
                            try PostgresStoreConfiguration(url: url, replicaID: "soak-observer"), logger: logger
                        )
                    }
                    if let owner = try await store?.leaderLease()?.owner {
                        let now = ContinuousClock.now
                        history.changes.withLock { history in
                            if history.last?.owner != owner { history.append(Change(at: now, owner: owner)) }
                        }
                    }
                } catch {
                    // The schema not there yet, or the database restarting: try again.
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
            await store?.close()
        }
    }

    /// Notes that the replica with process id `pid` is being killed now.
    func killing(pid: Int32) {
        let now = ContinuousClock.now
        kills.withLock { $0.append((now, pid)) }
    }

    /// Stops watching, waiting at most `limit` for the watching task to end (a read stuck on a database that does
    /// not answer must not hold the soak up); whether it ended in time.
    func stop(within limit: Duration) async -> Bool {
        task.cancel()
        return await task.ends(within: limit)
    }

    /// For each kill of the replica that held the lead at that moment (its id is `host/pid/suffix`): how long until
    /// another replica held it, or `nil` when none has yet.
    func takeovers() -> [Duration?] {
        let history = history.changes.withLock { $0 }
        return kills.withLock { $0 }.compactMap { kill -> Duration?? in
            guard let leader = history.last(where: { $0.at <= kill.at }), leader.owner.contains("/\(kill.pid)/")
            else { return nil }
            let next = history.first { $0.at > kill.at && $0.owner != leader.owner }
            return .some(next.map { kill.at.duration(to: $0.at) })
        }
    }
}
