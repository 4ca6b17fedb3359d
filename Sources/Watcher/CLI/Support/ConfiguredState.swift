import Foundation
import Logging

/// The state a maintenance command (`glwatch migrate`, `glwatch state import`) works on: the config's PostgreSQL
/// database when `state.postgres` is set, else the SQLite file (`--state`, the config's `state.path`, or the
/// default). `--state PATH` always means that SQLite file.
enum ConfiguredState {
    /// The SQLite file at `path`.
    case sqlite(path: String)
    /// The PostgreSQL database (the password only inside, never shown).
    case postgres(PostgresStoreConfiguration)

    /// The state `options` and the config name.
    ///
    /// - Throws: `CLIError` for a config that does not load or a malformed database URL (never repeating it).
    static func resolve(_ options: StateOptions, in context: CommandContext) throws -> ConfiguredState {
        let (path, config) = try options.resolve(in: context)
        if options.state == nil, let postgres = config?.state.postgres {
            do {
                return .postgres(try PostgresStoreConfiguration(url: postgres.url.reveal()))
            } catch let error as StateStoreError {
                throw CLIError("\(error.description) (from \(postgres.source))")
            }
        }
        return .sqlite(path: URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// What messages call it: `SQLite state /var/lib/glwatch/state.db`, `PostgreSQL state glwatch@db:5432/glwatch`.
    var name: String {
        switch self {
        case .sqlite(let path): return "SQLite state \(path)"
        case .postgres(let configuration): return "PostgreSQL state \(configuration.location)"
        }
    }

    /// The applied and pending migrations, read without changing anything.
    ///
    /// - Throws: `CLIError` with the store's message (a newer schema, an unreachable server naming its host).
    func migrationStatus(logger: Logger) async throws -> (applied: [String], pending: [String]) {
        do {
            switch self {
            case .sqlite(let path): return try SQLiteStateStore.migrationStatus(path: path)
            case .postgres(let configuration):
                return try await PostgresStateStore.migrationStatus(configuration, logger: logger)
            }
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        }
    }

    /// Opens the store read-write (creating and migrating it), runs `body` on it, and closes it.
    ///
    /// SQLite takes the single-writer lock, so it refuses while `glwatch run` is active (`action` says what
    /// needed it); PostgreSQL takes no project lease, starts no replica.
    ///
    /// - Throws: `CLIError` with the store's message; what `body` throws.
    func withStore<T>(
        action: String,
        logger: Logger,
        _ body: (_ store: any StateTransferTarget) async throws -> T
    ) async throws -> T {
        do {
            switch self {
            case .sqlite(let path):
                let store = try SQLiteStateStore(StoreConfiguration(path: path))
                return try await StateAccess.withClosing(store, close: { try $0.close() }) { try await body($0) }
            case .postgres(let configuration):
                let store = try await PostgresStateStore.open(configuration, logger: logger)
                return try await StateAccess.withClosing(store, close: { await $0.close() }) { try await body($0) }
            }
        } catch StateStoreError.alreadyInUse(let path, _, let pid) {
            throw CLIError.watcherActive(statePath: path, pid: pid, action: action)
        } catch let error as StateStoreError {
            throw CLIError(error.description)
        } catch let error as StateDumpError {
            throw CLIError(error.description)
        }
    }
}
