import Logging
import Notifier

/// Opens the state store the way each kind of command needs it, turning store errors into advice.
///
/// Inspection (`status`, `history`, `deliveries`) opens read-only: no lock, no writes, safe beside a running
/// watcher (SQLite's WAL lets readers see the last committed state while the watcher writes; on PostgreSQL it
/// reads without joining the replicas: no heartbeat, lease or claim). Admin writes (`deliveries --retry`,
/// `replay`) need the single-writer lock, so they refuse while `glwatch run` holds it.
enum StateAccess {
    /// Runs `body` on the state `options` name, opened read-only, and closes it after: the config's PostgreSQL
    /// database when it has `state.postgres` (and no `--state` overrides it), else the SQLite file.
    ///
    /// - Throws: `CLIError` when there is no state yet (with what to do), or the store's own error (naming the
    ///   database's host, never its password); whatever `body` throws.
    static func withReadableState<T>(
        _ options: StateOptions,
        in context: CommandContext,
        _ body: (ReadableState, GLWatchConfig?) async throws -> T
    ) async throws -> T {
        let (path, config) = try options.resolve(in: context)
        let state: ReadableState
        if options.state == nil, let postgres = config?.state.postgres {
            state = try await openForReading(postgres)
        } else {
            let store = try openForReading(path)
            state = ReadableState(
                store: store, name: store.path, replicas: nil, leasePeriod: nil, close: { try? store.close() }
            )
        }
        do {
            let result = try await body(state, config)
            await state.close()
            return result
        } catch {
            await state.close()
            throw error
        }
    }

    /// Opens the PostgreSQL state read-only (`PostgresStateStore.openForReading`).
    ///
    /// - Throws: `CLIError` naming `user@host:port/database`, never the password.
    static func openForReading(_ postgres: PostgresStateConfig) async throws -> ReadableState {
        do {
            let configuration = try PostgresStoreConfiguration(url: postgres.url.reveal())
            // postgres-nio logs through this logger; the command's output (maybe JSON) must stay clean.
            let logger = Logger(label: "glwatch.state.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
            do {
                let store = try await PostgresStateStore.openForReading(configuration, logger: logger)
                return ReadableState(
                    store: store, name: "postgres://\(store.location)", replicas: store,
                    leasePeriod: postgres.leasePeriod, close: { await store.close() }
                )
            } catch StateStoreError.notFound {
                throw CLIError(
                    "no glwatch state in the PostgreSQL database \(configuration.location) yet: `glwatch run` "
                        + "creates it"
                )
            }
        } catch let error as StateStoreError {
            throw CLIError("\(error.description) (state.postgres: \(postgres.source))")
        }
    }

    /// Opens the state at `path` read-only.
    ///
    /// - Throws: `CLIError` when there is no state yet (with what to do), or the store's own error.
    static func openForReading(_ path: String) throws -> SQLiteStateStore {
        do {
            return try SQLiteStateStore(StoreConfiguration(path: path, access: .readOnly))
        } catch StateStoreError.notFound(let path) {
            throw CLIError(
                "no glwatch state at \(path) yet: `glwatch run` or `glwatch once` creates it "
                    + "(or pass the state with --state PATH)"
            )
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        }
    }

    /// Opens the state at `path` read-write for an admin `action` (like "retrying dead letters").
    ///
    /// - Throws: `CLIError.watcherActive` while a watcher holds the lock, or the store's own error.
    static func openForAdmin(_ path: String, action: String) throws -> SQLiteStateStore {
        do {
            try openForReading(path).close()
            return try SQLiteStateStore(StoreConfiguration(path: path))
        } catch StateStoreError.alreadyInUse(let path, _, let pid) {
            throw CLIError.watcherActive(statePath: path, pid: pid, action: action)
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        }
    }
}
