import Foundation
import Logging
import Notifier
import PostgresNIO
import Synchronization

/// glwatch's state in a PostgreSQL database, through postgres-nio's `PostgresClient` pool: the same tables,
/// migrations and semantics as `SQLiteStateStore`, shared by any number of glwatch replicas.
///
/// On open the store connects a dedicated *lock connection* (its errors are the clear start-up errors: an
/// unreachable host, a refused password), starts the pool in a task it owns, takes the replicas' shared session
/// lock on it (`replicaLockKey`, see `open`), and migrates the schema under a transaction-level advisory lock
/// (replicas starting together migrate once; the others wait for it).
///
/// Replicas split the work with leases (`ReplicaLeases`, `PostgresStateStore+Leases`): each holds the projects
/// it claimed, and a poll's outcome commits only while its lease's fencing counter holds (`StateChange.fence`);
/// deliveries are claimed by the replica that sends them (`PostgresStateStore+DeliveryQueue`). Every lease and
/// claim is owned by `replicaID`; `close()` gives them all back so the other replicas take over at once. A commit
/// that queues deliveries or gives back leases also wakes the other replicas (`ReplicaWakeups`,
/// `PostgresStateStore+Wakeups`).
///
/// Every write is one transaction (`BEGIN … COMMIT` on one leased connection, rolled back on any error);
/// multi-statement reads run in one REPEATABLE READ READ ONLY transaction (a snapshot, like SQLite's WAL reads).
/// All values are bound parameters. Times are BIGINT milliseconds since 1970, as in SQLite.
///
/// Time never comes from inside the store: every method that stamps a time, or compares with a lease's expiry,
/// takes it from the caller (so the replicas' clocks must agree to well within `leasePeriod`: NTP does).
package final class PostgresStateStore: Sendable {
    /// What errors and logs call the database: `user@host:port/database`, never the password.
    package let location: String
    /// This replica's name: the owner of its leases and claims.
    package let replicaID: String
    /// How long a lease lasts unless renewed.
    package let leasePeriod: Duration
    /// How long a delivery claim lasts.
    package let deliveryClaimPeriod: Duration
    /// How long an operation may go without an answer before its connection is closed (`answered(within:)`).
    let queryTimeout: Duration
    /// The connection pool every query goes through.
    let client: PostgresClient
    /// The logger for queries.
    let logger: Logger
    /// How to open a connection of the store's own (outside the pool): the lock connection, the wake-up listener.
    let connectionConfiguration: PostgresConnection.Configuration
    private let runTask: Task<Void, Never>
    /// The lock connection: the replica lock's session, replaced when it closed (`renewLockSession`).
    private let currentLockConnection: Mutex<PostgresConnection>
    private var lockConnection: PostgresConnection { currentLockConnection.withLock { $0 } }
    /// The lock connection's session, as `pg_stat_activity` names it, once the replica lock is held (`open`).
    private let lockSession = Mutex<ReplicaSession?>(nil)
    private let closed = Atomic<Bool>(false)
    /// Opened by `openForReading`: no replica lock, nothing taken, nothing to give back on `close()`.
    private let readOnly: Bool

    /// The key of the session-level advisory lock every replica holds *shared* ("glwt" + 1). It is the key the
    /// single-writer glwatch before replicas (issue 18, step 1) held *exclusively*, so the two never write beside
    /// each other during an upgrade: whichever came second waits until the other has stopped.
    static let replicaLockKey: Int64 = 0x676C_7774_0000_0001
    /// The key of the transaction-level advisory lock the migrations run under ("glwt" + 2).
    static let migrationLockKey: Int64 = 0x676C_7774_0000_0002

    private init(
        configuration: PostgresStoreConfiguration, connectionConfiguration: PostgresConnection.Configuration,
        client: PostgresClient, logger: Logger, runTask: Task<Void, Never>, lockConnection: PostgresConnection,
        readOnly: Bool = false
    ) {
        self.connectionConfiguration = connectionConfiguration
        self.readOnly = readOnly
        self.location = configuration.location
        self.replicaID = configuration.replicaID
        self.leasePeriod = configuration.leasePeriod
        self.deliveryClaimPeriod = configuration.deliveryClaimPeriod
        self.queryTimeout = configuration.queryTimeout
        self.client = client
        self.logger = logger
        self.runTask = runTask
        self.currentLockConnection = Mutex(lockConnection)
    }

    /// Opens the store: connects, takes the replicas' shared lock and migrates. Other replicas may have it open
    /// at the same time.
    ///
    /// While a glwatch from before replicas holds the database (the same lock, exclusively), it logs "a glwatch
    /// without replica support holds the database; waiting until it stops" once and tries again every
    /// `configuration.lockRetry`, through `clock`; cancelling the calling task ends the wait.
    ///
    /// - Throws: `StateStoreError` — `.databaseUnreachable` or `.authenticationFailed` naming the host (never the
    ///   password), `.newerSchema` for a database migrated by a newer glwatch; `CancellationError`.
    package static func open(
        _ configuration: PostgresStoreConfiguration,
        logger: Logger = Logger(label: "glwatch.state.postgres"),
        clock: any Clock<Duration> = ContinuousClock()
    ) async throws -> PostgresStateStore {
        let location = configuration.location
        let store = try await connect(configuration, logger: logger, readOnly: false)
        do {
            try await store.acquireReplicaLock(retry: configuration.lockRetry, clock: clock)
            try await store.migrate()
            try await store.recordLockSession()
        } catch {
            await store.stopPool()
            if Task.isCancelled { throw CancellationError() }
            throw StateStoreError.mapping(error, location: location)
        }
        return store
    }

    /// Opens the store for inspection (`glwatch status`, `history`, `deliveries`): connects and checks the schema,
    /// but takes no lock, migrates nothing and never joins the replicas (no heartbeat, lease or claim), so it is
    /// safe beside running replicas and changes nothing. Only the read-only queries are meant to be called on it.
    ///
    /// - Throws: `StateStoreError` — `.databaseUnreachable` or `.authenticationFailed` naming the host (never the
    ///   password), `.notFound` when no glwatch ever wrote to the database, `.newerSchema` or
    ///   `.schemaNeedsMigration` when this build cannot read its schema as it is.
    package static func openForReading(
        _ configuration: PostgresStoreConfiguration,
        logger: Logger = Logger(label: "glwatch.state.postgres")
    ) async throws -> PostgresStateStore {
        let location = configuration.location
        let store = try await connect(configuration, logger: logger, readOnly: true)
        do {
            try await store.checkSchemaForReading()
        } catch {
            await store.close()
            throw StateStoreError.mapping(error, location: location)
        }
        return store
    }

    /// Whether no glwatch ever wrote to the database (`openForReading` finds no schema): what a test or the soak
    /// that starts from nothing requires. Changes nothing.
    ///
    /// - Throws: `StateStoreError` for a database that cannot be read (unreachable, a refused password, a schema this
    ///   build cannot read).
    package static func isUnused(_ configuration: PostgresStoreConfiguration) async throws -> Bool {
        do {
            let store = try await openForReading(configuration)
            await store.close()
            return false
        } catch StateStoreError.notFound {
            return true
        }
    }

    /// Connects the store's own connection (the advisory locks' session) and starts its pool; the caller takes the
    /// locks, migrates or checks the schema.
    ///
    /// - Throws: `StateStoreError` naming the host (never the password); `CancellationError`.
    private static func connect(
        _ configuration: PostgresStoreConfiguration, logger: Logger, readOnly: Bool
    ) async throws -> PostgresStateStore {
        let connectionConfiguration: PostgresConnection.Configuration
        let lockConnection: PostgresConnection
        do {
            connectionConfiguration = try configuration.connectionConfiguration()
            lockConnection = try await PostgresConnection.connect(
                configuration: connectionConfiguration, id: 0, logger: logger
            )
        } catch {
            // Cancelling a connect closes its channel: report the cancellation, not a connection error.
            if Task.isCancelled { throw CancellationError() }
            throw StateStoreError.mapping(error, location: configuration.location)
        }
        let client = PostgresClient(configuration: configuration.clientConfiguration(), backgroundLogger: logger)
        let runTask = Task { await client.run() }
        return PostgresStateStore(
            configuration: configuration, connectionConfiguration: connectionConfiguration, client: client,
            logger: logger, runTask: runTask, lockConnection: lockConnection, readOnly: readOnly
        )
    }

    /// Gives back this replica's project leases, delivery claims and leadership (so the other replicas take them
    /// over at once instead of after their expiry), then stops the pool; a store opened for reading only stops
    /// its pool. A second call does nothing; other calls fail.
    package func close() async {
        guard !closed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        guard !readOnly else {
            await stopPool()
            return
        }
        do {
            try await resign()
        } catch {
            logger.warning(
                "could not give back this replica's leases; they expire on their own",
                metadata: ["database": "\(location)", "error": "\(error)"]
            )
        }
        await stopPool()
    }

    /// This replica's database session for its heartbeat (`ReplicaLeases.heartbeat`): the lock connection's, while it
    /// is open; `nil` once it closed (the others then wait for this replica's leases to expire, as before sessions
    /// were recorded, rather than take them from a replica that may well be alive).
    var heartbeatSession: ReplicaSession? {
        lockConnection.isClosed ? nil : lockSession.withLock { $0 }
    }

    /// Opens the lock connection again when it closed while this replica runs (the server restarted, or dropped
    /// it), takes the shared replica lock on it and records its session, so that the others can tell again when
    /// this replica dies. Until that succeeds (or when an older glwatch holds the lock exclusively) the replica has no
    /// session, and the others wait for its leases to expire. A connection that cannot be opened fails the
    /// heartbeat, like any query to a server that does not answer.
    func renewLockSession() async throws {
        guard lockConnection.isClosed, !closed.load(ordering: .sequentiallyConsistent) else { return }
        lockSession.withLock { $0 = nil }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: connectionConfiguration, id: 0, logger: logger
            )
        } catch {
            throw StateStoreError.mapping(error, location: location)
        }
        currentLockConnection.withLock { $0 = connection }
        let locked = try await connection.query(
            "SELECT pg_try_advisory_lock_shared(\(Self.replicaLockKey))", logger: logger
        ).collect()
        guard try locked.first?.decode(Bool.self) == true else {
            logger.warning(
                "the replica lock could not be taken again; the others will wait for this replica's leases to expire",
                metadata: ["database": "\(location)"]
            )
            return
        }
        try await recordLockSession()
        logger.notice("the replica lock's connection was opened again", metadata: ["database": "\(location)"])
    }

    /// Reads the lock connection's session (`pg_backend_pid()` and its `backend_start`).
    private func recordLockSession() async throws {
        let rows = try await lockConnection.query(
            """
            SELECT pid, (EXTRACT(EPOCH FROM backend_start) * 1000000)::bigint FROM pg_stat_activity
            WHERE pid = pg_backend_pid()
            """,
            logger: logger
        ).collect()
        guard let row = rows.first else { return }
        let (pid, start) = try row.decode((Int32, Int64).self)
        lockSession.withLock { $0 = ReplicaSession(pid: pid, start: start) }
    }

    /// Takes the shared replica lock on the lock connection, retrying every `retry` while a glwatch from before
    /// replicas holds it exclusively.
    private func acquireReplicaLock(retry: Duration, clock: any Clock<Duration>) async throws {
        var announced = false
        while true {
            let rows = try await lockConnection.query(
                "SELECT pg_try_advisory_lock_shared(\(Self.replicaLockKey))", logger: logger
            ).collect()
            if try rows.first?.decode(Bool.self) == true { return }
            if !announced {
                logger.notice(
                    "a glwatch without replica support holds the database; waiting until it stops",
                    metadata: ["database": "\(location)"]
                )
                announced = true
            }
            try await clock.sleep(for: retry)
        }
    }

    private func stopPool() async {
        runTask.cancel()
        await runTask.value
        try? await lockConnection.close()
    }

    // MARK: Access helpers

    /// Runs `body` in one transaction on one leased connection: committed when it returns, rolled back when it
    /// throws. Database errors come out as `StateStoreError`s naming `location`.
    func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await transaction("BEGIN", body)
    }

    /// Runs `body` in one REPEATABLE READ READ ONLY transaction: every query sees the same snapshot.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// Runs `body` in one transaction on the lock connection (the migrations: the pool may not be running yet).
    func writeOnLockConnection<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let (connection, logger) = (lockConnection, self.logger)
        do {
            return try await Self.answered(within: queryTimeout, on: connection, location: location) {
                try await Self.transaction("BEGIN", on: connection, logger: logger, body)
            }
        } catch {
            throw StateStoreError.mapping(error, location: location)
        }
    }

    private func transaction<T: Sendable>(
        _ begin: PostgresQuery, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let (logger, limit, location) = (self.logger, queryTimeout, self.location)
        do {
            return try await client.withConnection { connection in
                try await Self.answered(within: limit, on: connection, location: location) {
                    try await Self.transaction(begin, on: connection, logger: logger, body)
                }
            }
        } catch {
            throw StateStoreError.mapping(error, location: location)
        }
    }

    /// Runs `work` on `connection` and returns its result — unless the work gets no answer: when the connection has
    /// closed under it (for a second), or when `limit` has passed (the connection is then closed), the operation
    /// fails as `StateStoreError.databaseUnreachable` and the work is left behind.
    ///
    /// postgres-nio can lose a query: one written to a connection whose server session just ended (the server
    /// restarted, or `pg_terminate_backend`) waits for an answer for ever, and closing the connection does not end
    /// it (`PostgresStateStoreRestartTests` showed it on most restarts under eight readers). A replica would stop
    /// there for good — a delivery never recorded, a stop that never ends. Leaving the work behind costs one
    /// suspended task; the pool forgets the closed connection on its own.
    static func answered<T: Sendable>(
        within limit: Duration, on connection: PostgresConnection, location: String,
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = Outcome<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.start(continuation)
                outcome.startWorker {
                    do {
                        outcome.finish(.success(try await work()))
                    } catch {
                        outcome.finish(.failure(error))
                    }
                }
                outcome.startWatchdog {
                    let clock = ContinuousClock()
                    let deadline = clock.now + limit
                    var closedAt: ContinuousClock.Instant?
                    while !outcome.isFinished {
                        try await clock.sleep(for: .milliseconds(100))
                        if connection.isClosed, closedAt == nil { closedAt = clock.now }
                        let reason: String
                        if let closedAt, closedAt.duration(to: clock.now) >= .seconds(1) {
                            reason = "the connection closed without answering"
                        } else if clock.now >= deadline {
                            reason = "no answer within \(DurationParser.format(limit.seconds)); the connection was closed"
                        } else {
                            continue
                        }
                        // Said first, so that the close's own error does not stand in for the reason.
                        outcome.finish(.failure(StateStoreError.databaseUnreachable(location: location, reason: reason)))
                        if !connection.isClosed { try? await connection.close() }
                    }
                }
            }
        } onCancel: {
            outcome.cancel()
        }
    }

    /// The one result of `answered`, from whichever of the work and its watchdog ends first.
    private final class Outcome<T: Sendable>: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, finished: Bool)>((nil, false))
        private let tasks = Mutex<(worker: Task<Void, Never>?, watchdog: Task<Void, any Error>?, cancelled: Bool)>(
            (nil, nil, false)
        )

        var isFinished: Bool { state.withLock { $0.finished } }

        /// Runs the work; cancelled at once when the caller already was.
        func startWorker(_ work: @escaping @Sendable () async -> Void) {
            let worker = Task(operation: work)
            let cancelled = tasks.withLock { tasks in
                tasks.worker = worker
                return tasks.cancelled
            }
            if cancelled { worker.cancel() }
        }

        /// Runs the watchdog (cancelled by `finish`).
        func startWatchdog(_ watch: @escaping @Sendable () async throws -> Void) {
            let watchdog = Task(operation: watch)
            tasks.withLock { $0.watchdog = watchdog }
        }

        func start(_ continuation: CheckedContinuation<T, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        /// Resumes the caller with `result`, once; stops the watchdog.
        func finish(_ result: Result<T, any Error>) {
            let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
                guard !state.finished else { return nil }
                state.finished = true
                defer { state.continuation = nil }
                return state.continuation
            }
            guard let continuation else { return }
            tasks.withLock { $0.watchdog }?.cancel()
            continuation.resume(with: result)
        }

        /// The caller was cancelled: so is the work (a query in flight still ends as the server answers).
        func cancel() {
            let worker = tasks.withLock { tasks -> Task<Void, Never>? in
                tasks.cancelled = true
                return tasks.worker
            }
            worker?.cancel()
        }
    }

    /// `begin`, `body`, then COMMIT on `connection`; ROLLBACK when `body` throws.
    static func transaction<T: Sendable>(
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

/// A replica's database session: a backend process id and when it started (microseconds since 1970), which
/// together name one session even when PostgreSQL reuses the process id.
struct ReplicaSession: Sendable, Equatable {
    var pid: Int32
    var start: Int64
}
