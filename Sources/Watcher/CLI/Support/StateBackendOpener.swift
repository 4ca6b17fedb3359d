import Logging

/// The state backend `glwatch run` writes to, chosen by the config: SQLite at `state.path`, or PostgreSQL when
/// `state.postgres` is set (shared with any other replicas on that database, through `leases`).
struct OpenedStateBackend: Sendable {
    /// The store, every view of it.
    let backend: any StateBackend
    /// Closes it (for PostgreSQL: gives back this replica's leases and claims, then stops the pool).
    let close: @Sendable () async throws -> Void
    /// How replicas share the work (PostgreSQL); `nil` for SQLite, whose one process owns everything.
    var leases: (any ReplicaLeases)?
    /// How replicas wake one another (PostgreSQL's `LISTEN`/`NOTIFY`); `nil` for SQLite.
    var wakeups: (any ReplicaWakeups)?

    /// Opens the configured backend.
    ///
    /// - Throws: `CLIError` with the store's message (for PostgreSQL it names the host, never the password).
    static func open(_ config: StateConfig, logger: Logger) async throws -> OpenedStateBackend {
        do {
            if let postgres = config.postgres {
                var configuration = try PostgresStoreConfiguration(url: postgres.url.reveal())
                configuration.leasePeriod = .milliseconds(Int((postgres.leasePeriod * 1000).rounded()))
                configuration.deliveryClaimPeriod = configuration.leasePeriod * 4
                configuration.queryTimeout = .milliseconds(Int((postgres.queryTimeout * 1000).rounded()))
                let store = try await PostgresStateStore.open(configuration, logger: logger)
                return OpenedStateBackend(backend: store, close: { await store.close() }, leases: store, wakeups: store)
            }
            let store = try SQLiteStateStore(StoreConfiguration(path: config.path))
            return OpenedStateBackend(backend: store, close: { try store.close() })
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        }
    }
}
