/// Opens the state store the way each kind of command needs it, turning store errors into advice.
///
/// Inspection (`status`, `history`, `deliveries`) opens read-only: no lock, no writes, safe beside a running
/// watcher (SQLite's WAL lets readers see the last committed state while the watcher writes). Admin writes
/// (`deliveries --retry`, `replay`) need the single-writer lock, so they refuse while `glwatch run` holds it.
enum StateAccess {
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
