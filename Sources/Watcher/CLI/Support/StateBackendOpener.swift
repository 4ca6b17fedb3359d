import Logging

/// The state backend `glwatch run` writes to, chosen by the config: SQLite at `state.path`, or PostgreSQL when
/// `state.postgres` is set (waiting as a standby while another glwatch holds that database).
struct OpenedStateBackend: Sendable {
    /// The store, every view of it.
    let backend: any StateBackend
    /// Closes it (for PostgreSQL: stops the pool, then gives up the writer lock).
    let close: @Sendable () async throws -> Void

    /// Opens the configured backend.
    ///
    /// - Throws: `CLIError` with the store's message (for PostgreSQL it names the host, never the password).
    static func open(_ config: StateConfig, logger: Logger) async throws -> OpenedStateBackend {
        do {
            if let postgres = config.postgres {
                let configuration = try PostgresStoreConfiguration(url: postgres.url.reveal())
                let store = try await PostgresStateStore.open(configuration, logger: logger)
                return OpenedStateBackend(backend: store, close: { await store.close() })
            }
            let store = try SQLiteStateStore(StoreConfiguration(path: config.path))
            return OpenedStateBackend(backend: store, close: { try store.close() })
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        }
    }
}
