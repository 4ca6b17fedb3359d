import Logging
import Notifier

/// Opens the state store the way each kind of command needs it, turning store errors into advice.
///
/// Inspection (`status`, `history`, `deliveries`) opens read-only: no lock, no writes, safe beside a running
/// watcher (SQLite's WAL lets readers see the last committed state while the watcher writes; on PostgreSQL it
/// reads without joining the replicas: no heartbeat, lease or claim). Admin writes (`deliveries --retry`,
/// `replay`) need SQLite's single-writer lock, so they refuse while `glwatch run` holds it; on PostgreSQL they
/// write beside the running replicas (one transaction each, which wakes them: `ReplicaWakeups`).
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
        return try await withClosing(state, close: { await $0.close() }) { try await body($0, config) }
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

    /// Where an admin write went, for the command's last line: who sends what it queued.
    enum AdminTarget {
        /// The SQLite file: the next `glwatch run` or `glwatch once` sends it.
        case sqlite
        /// The PostgreSQL database: the running replicas, woken by the write, send it now.
        case postgres

        /// "the next `glwatch run` or `glwatch once` sends it", or the replicas' version; `them` for a plural.
        func whoSends(plural: Bool = false) -> String {
            let object = plural ? "them" : "it"
            switch self {
            case .sqlite: return "the next `glwatch run` or `glwatch once` sends \(object)"
            case .postgres: return "the running replicas send \(object) now (or the first one to start)"
            }
        }
    }

    /// Runs an admin `action` (like "re-queueing dead letters") on the state `options` name, opened read-write,
    /// and closes it after: the config's PostgreSQL database when it has `state.postgres` (and no `--state`
    /// overrides it), joined without taking any lease or heartbeat; else the SQLite file, under its lock.
    ///
    /// - Throws: `CLIError.watcherActive` while a watcher holds the SQLite lock, the store's own error (naming the
    ///   database's host, never its password), whatever `body` throws.
    static func withAdminState<T>(
        _ options: StateOptions,
        action: String,
        in context: CommandContext,
        _ body: (any DeliveryAdmin & EventLookup, AdminTarget) async throws -> T
    ) async throws -> T {
        let (path, config) = try options.resolve(in: context)
        if options.state == nil, let postgres = config?.state.postgres {
            let store: PostgresStateStore
            do {
                let logger = Logger(label: "glwatch.state.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
                store = try await PostgresStateStore.open(
                    try PostgresStoreConfiguration(url: postgres.url.reveal()), logger: logger
                )
            } catch let error as StateStoreError {
                throw CLIError("\(error.description) (state.postgres: \(postgres.source))")
            }
            return try await withClosing(store, close: { await $0.close() }) { try await body($0, .postgres) }
        }
        let store = try openForAdmin(path, action: action)
        return try await withClosing(store, close: { try? $0.close() }) { try await body($0, .sqlite) }
    }

    /// Runs `body` on an opened `store`, then closes it with `close`, whether `body` returned or threw: how
    /// `withReadableState`, `withAdminState` and `ConfiguredState.withStore` let go of the state, so that no path
    /// out of `body` leaves a store (and SQLite's lock) open.
    ///
    /// - Throws: what `body` throws (a failure to close after it is dropped: `body`'s error says more), else what
    ///   `close` throws.
    static func withClosing<Store, T>(
        _ store: Store,
        close: (Store) async throws -> Void,
        _ body: (Store) async throws -> T
    ) async throws -> T {
        let result: T
        do {
            result = try await body(store)
        } catch {
            try? await close(store)
            throw error
        }
        try await close(store)
        return result
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
