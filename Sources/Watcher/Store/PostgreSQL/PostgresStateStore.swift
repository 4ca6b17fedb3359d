import Foundation
import Logging
import PostgresNIO
import Synchronization

/// glwatch's state in a PostgreSQL database, through postgres-nio's `PostgresClient` pool: the same tables,
/// migrations and semantics as `SQLiteStateStore`, so several glwatch processes can share one database.
///
/// On open the store connects a dedicated *lock connection* (its errors are the clear start-up errors: an
/// unreachable host, a refused password), starts the pool in a task it owns, takes the session-level
/// single-writer lock on the lock connection — waiting as a standby while another glwatch holds it — and then
/// migrates the schema under a transaction-level advisory lock (so any other tool migrating at the same time
/// waits too). PostgreSQL releases that lock when the holder's session
/// ends, so a standby takes over when the active glwatch dies.
///
/// Every write is one transaction (`BEGIN … COMMIT` on one leased connection, rolled back on any error);
/// multi-statement reads run in one REPEATABLE READ READ ONLY transaction (a snapshot, like SQLite's WAL reads).
/// All values are bound parameters. Times are BIGINT milliseconds since 1970, as in SQLite.
///
/// Time never comes from inside the store: every method that stamps a time takes it from the caller.
package final class PostgresStateStore: Sendable {
    /// What errors and logs call the database: `user@host:port/database`, never the password.
    package let location: String
    /// The connection pool every query goes through.
    let client: PostgresClient
    /// The logger for queries and the standby notice.
    let logger: Logger
    private let runTask: Task<Void, Never>
    private let lockConnection: PostgresConnection
    private let lockState = LockState()

    /// Whether the writer lock is held, lost, or being given up: the lock connection's end is only a loss when
    /// `close()` did not ask for it.
    private final class LockState: Sendable {
        let closing = Atomic<Bool>(false)
        let lost = Atomic<Bool>(false)
    }

    /// The key of the session-level advisory lock that only the active glwatch holds ("glwt" + 1).
    static let writerLockKey: Int64 = 0x676C_7774_0000_0001
    /// The key of the transaction-level advisory lock the migrations run under ("glwt" + 2).
    static let migrationLockKey: Int64 = 0x676C_7774_0000_0002

    private init(
        location: String, client: PostgresClient, logger: Logger, runTask: Task<Void, Never>,
        lockConnection: PostgresConnection
    ) {
        self.location = location
        self.client = client
        self.logger = logger
        self.runTask = runTask
        self.lockConnection = lockConnection
    }

    /// Opens the store: connects, migrates, and waits (as a standby) until this process is the only writer.
    ///
    /// Waiting logs "another glwatch holds the database; waiting as a standby" once and retries every
    /// `configuration.standbyRetry`, through `clock`; cancelling the calling task ends the wait.
    ///
    /// - Throws: `StateStoreError` — `.databaseUnreachable` or `.authenticationFailed` naming the host (never the
    ///   password), `.newerSchema` for a database migrated by a newer glwatch; `CancellationError` while waiting.
    package static func open(
        _ configuration: PostgresStoreConfiguration,
        logger: Logger = Logger(label: "glwatch.state.postgres"),
        clock: any Clock<Duration> = ContinuousClock()
    ) async throws -> PostgresStateStore {
        let location = configuration.location
        let lockConnection: PostgresConnection
        do {
            lockConnection = try await PostgresConnection.connect(
                configuration: try configuration.connectionConfiguration(), id: 0, logger: logger
            )
        } catch {
            // Cancelling a connect closes its channel: report the cancellation, not a connection error.
            if Task.isCancelled { throw CancellationError() }
            throw StateStoreError.mapping(error, location: location)
        }
        let client = PostgresClient(configuration: configuration.clientConfiguration(), backgroundLogger: logger)
        let runTask = Task { await client.run() }
        let store = PostgresStateStore(
            location: location, client: client, logger: logger, runTask: runTask, lockConnection: lockConnection
        )
        do {
            // Lock first, as SQLite takes its file lock first: a standby of a newer glwatch must not change the
            // schema under the glwatch that is writing.
            try await store.acquireWriterLock(retry: configuration.standbyRetry, clock: clock)
            store.watchWriterLock()
            try await store.migrate()
        } catch {
            await store.shutDown()
            // A cancelled wait may surface as its connection's closing rather than as CancellationError.
            if Task.isCancelled { throw CancellationError() }
            throw StateStoreError.mapping(error, location: location)
        }
        return store
    }

    /// Stops the pool, then ends the lock connection's session, which releases the single-writer lock (in that
    /// order, so that no write of this store can follow a standby's take-over). Further calls fail.
    package func close() async {
        await shutDown()
    }

    private func shutDown() async {
        lockState.closing.store(true, ordering: .sequentiallyConsistent)
        runTask.cancel()
        await runTask.value
        try? await lockConnection.close()
    }

    /// Takes the session-level writer lock on the lock connection, retrying every `retry` while another holds it.
    private func acquireWriterLock(retry: Duration, clock: any Clock<Duration>) async throws {
        var announced = false
        while true {
            let rows = try await lockConnection.query(
                "SELECT pg_try_advisory_lock(\(Self.writerLockKey))", logger: logger
            ).collect()
            if try rows.first?.decode(Bool.self) == true { return }
            if !announced {
                logger.notice(
                    "another glwatch holds the database; waiting as a standby", metadata: ["database": "\(location)"]
                )
                announced = true
            }
            try await clock.sleep(for: retry)
        }
    }

    /// Marks the writer lock lost when its session ends without `close()`: PostgreSQL has released the lock, a
    /// standby may already write, so every later write of this store fails with `.writerLockLost`. (A write
    /// already past this check may still commit; fencing each poll's commit is the leases' job, issue 18.)
    private func watchWriterLock() {
        let state = lockState
        let logger = self.logger
        let location = self.location
        lockConnection.closeFuture.whenComplete { _ in
            guard !state.closing.load(ordering: .sequentiallyConsistent) else { return }
            state.lost.store(true, ordering: .sequentiallyConsistent)
            logger.error(
                "lost the connection holding the writer lock; no more writes", metadata: ["database": "\(location)"]
            )
        }
    }

    // MARK: Access helpers

    /// Runs `body` in one transaction on one leased connection: committed when it returns, rolled back when it
    /// throws. Database errors come out as `StateStoreError`s naming `location`.
    ///
    /// - Throws: `StateStoreError.writerLockLost` once the writer lock's session has ended.
    func write<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        guard !lockState.lost.load(ordering: .sequentiallyConsistent) else {
            throw StateStoreError.writerLockLost(location: location)
        }
        return try await transaction("BEGIN", body)
    }

    /// Runs `body` in one REPEATABLE READ READ ONLY transaction: every query sees the same snapshot.
    func read<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// Runs `body` in one transaction on the lock connection (the migrations: the pool may not be running yet).
    func writeOnLockConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await Self.transaction("BEGIN", on: lockConnection, logger: logger, body)
        } catch {
            throw StateStoreError.mapping(error, location: location)
        }
    }

    private func transaction<T: Sendable>(
        _ begin: PostgresQuery, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let logger = self.logger
        do {
            return try await client.withConnection { connection in
                try await connection.run(begin, logger: logger)
                do {
                    let value = try await body(connection)
                    try await connection.run("COMMIT", logger: logger)
                    return value
                } catch {
                    try? await connection.run("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch {
            throw StateStoreError.mapping(error, location: location)
        }
    }

    /// `begin`, `body`, then COMMIT on `connection`; ROLLBACK when `body` throws.
    private static func transaction<T: Sendable>(
        _ begin: PostgresQuery, on connection: PostgresConnection, logger: Logger,
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await connection.run(begin, logger: logger)
        do {
            let value = try await body(connection)
            try await connection.run("COMMIT", logger: logger)
            return value
        } catch {
            try? await connection.run("ROLLBACK", logger: logger)
            throw error
        }
    }
}

extension PostgresConnection {
    /// Runs `query` and collects every row (the store's results are small: pages, heads, one project's rows).
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await self.query(query, logger: logger).collect()
    }

    /// Runs `query`, discarding any rows.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        _ = try await self.query(query, logger: logger).collect()
    }
}
