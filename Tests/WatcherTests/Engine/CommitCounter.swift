import GRDB
import Synchronization

@testable import Watcher

/// Counts the transactions SQLite commits on a store's writer connection: each one is a disk sync with
/// synchronous=FULL, the cost idle polls should not pay one by one.
final class CommitCounter: TransactionObserver, Sendable {
    private let commits = Mutex(0)

    /// Starts counting the commits of `store`.
    static func attach(to store: SQLiteStateStore) async throws -> CommitCounter {
        let counter = CommitCounter()
        try await store.writer.writeWithoutTransaction { db in
            db.add(transactionObserver: counter, extent: .databaseLifetime)
        }
        return counter
    }

    /// Transactions committed since attaching.
    var count: Int { commits.withLock { $0 } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { commits.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
}
