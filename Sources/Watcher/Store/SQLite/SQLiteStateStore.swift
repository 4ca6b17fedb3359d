import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// glwatch's state in one SQLite file, through GRDB: the one type that owns the database connection and the
/// migrator (like GRDB's demo `AppDatabase`), implementing every state protocol.
///
/// Why GRDB rather than a thin wrapper of our own: it links the system `libsqlite3`, and gives us a WAL
/// `DatabasePool` (readers never wait for the writer — `glwatch status` beside a busy watcher), named
/// migrations, IMMEDIATE write transactions with rollback on any thrown error, and cached prepared statements.
/// A wrapper doing the same would be more code to get right than everything else in this folder; the
/// `glwatch-dev bench store` figures show what GRDB plus our bookkeeping cost against raw SQLite.
///
/// Safety on open (read-write): the directory is created with mode 0700, the file with 0600 (SQLite gives its
/// `-wal`/`-shm` files the same mode); an flock'd lock file (`StoreFileLock`) keeps a second glwatch out; a file
/// that is not SQLite, another application's database, or a database from a newer glwatch is refused before
/// anything is written to it. Every write is one IMMEDIATE transaction; a failure (disk full included) rolls it
/// back and surfaces as a `StateStoreError`.
///
/// Time never comes from inside the store: every method that stamps a time takes it from the caller.
package final class SQLiteStateStore: Sendable {
    /// The database file's absolute path (`:memory:` for an in-memory store).
    let path: String
    /// How the store was opened.
    let access: StoreConfiguration.Access
    /// The GRDB connection(s): a WAL `DatabasePool` on disk, a `DatabaseQueue` in memory.
    ///
    /// Internal so tests and the benchmark can reach the raw database.
    package let writer: any DatabaseWriter
    private let lock: StoreFileLock?

    /// Opens (read-write: creating and migrating) the state database described by `configuration`.
    ///
    /// - Throws: `StateStoreError` — e.g. `.alreadyInUse` when another glwatch holds the state, `.notADatabase`,
    ///   `.notAGlwatchDatabase`, `.newerSchema`, `.notWritable`, `.cannotCreateDirectory`.
    package convenience init(_ configuration: StoreConfiguration) throws {
        let path = URL(fileURLWithPath: configuration.path).standardizedFileURL.path
        let files = StoreFiles(path: path)
        let lock: StoreFileLock?
        switch configuration.access {
        case .readWrite:
            try files.prepareDirectory()
            lock = try StoreFileLock(path: files.lockPath, databasePath: path)
            try files.prepareDatabaseFile()
        case .readOnly:
            try files.checkExistingDatabaseFile()
            lock = nil
        }

        try Self.checkCompatibilityBeforeOpening(path: path)

        var config = Configuration()
        config.label = "glwatch-state"
        config.readonly = configuration.access == .readOnly
        config.busyMode = .timeout(configuration.busyTimeout)
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: config)
            if configuration.access == .readWrite {
                // Only the writer connection commits; GRDB sets it to NORMAL when it enables WAL, so this comes after.
                try pool.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA synchronous = \(configuration.durability.rawValue)")
                }
            }
        } catch {
            throw StateStoreError.mapping(error, path: path)
        }
        try self.init(path: path, access: configuration.access, writer: pool, lock: lock)
    }

    /// Opens a fresh in-memory store (no file, no lock, no WAL), for tests where files and locking don't matter.
    static func inMemory() throws -> SQLiteStateStore {
        try SQLiteStateStore(path: ":memory:", access: .readWrite, writer: DatabaseQueue(), lock: nil)
    }

    private init(
        path: String,
        access: StoreConfiguration.Access,
        writer: any DatabaseWriter,
        lock: StoreFileLock?
    ) throws {
        self.path = path
        self.access = access
        self.writer = writer
        self.lock = lock
        try openSchema()
    }

    /// Closes the database and releases the single-writer lock; further calls fail.
    ///
    /// A read-write store first checkpoints the WAL into the database file and truncates it (best effort), so a
    /// stopped glwatch leaves one self-contained file behind (GRDB's pool closes its read-only connections last,
    /// and those cannot checkpoint).
    package func close() throws {
        defer { lock?.unlock() }
        do {
            if access == .readWrite, path != ":memory:" {
                try? writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            }
            try writer.close()
        } catch {
            throw StateStoreError.mapping(error, path: path)
        }
    }

    /// The schema version: identifiers of the applied migrations, oldest first.
    func appliedMigrations() async throws -> [String] {
        try await read { db in try StoreMigrations.migrator.appliedMigrations(db) }
    }

    /// The applied and pending migrations of the state file at `path`, read without changing it (no lock, no
    /// WAL switch): what `glwatch migrate --check` reports. A missing or empty file has every migration pending.
    ///
    /// - Throws: `StateStoreError` — `.notADatabase`, `.notAGlwatchDatabase`, `.newerSchema`.
    static func migrationStatus(path: String) throws -> (applied: [String], pending: [String]) {
        let migrator = StoreMigrations.migrator
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return ([], migrator.migrations) }
        var config = Configuration()
        config.readonly = true
        do {
            let probe = try DatabaseQueue(path: path, configuration: config)
            defer { try? probe.close() }
            let applied = try probe.read { db in
                try checkCompatibility(db, migrator: migrator, path: path)
                return try migrator.appliedIdentifiers(db)
            }
            return (migrator.migrations.filter(applied.contains), migrator.migrations.filter { !applied.contains($0) })
        } catch {
            throw StateStoreError.mapping(error, path: path)
        }
    }

    /// Refuses foreign and newer databases, then migrates (read-write) or checks the schema is current
    /// (read-only).
    private func openSchema() throws {
        let migrator = StoreMigrations.migrator
        let path = self.path
        do {
            let pending = try writer.read { db -> [String] in
                try Self.checkCompatibility(db, migrator: migrator, path: path)
                let applied = Set(try migrator.appliedIdentifiers(db))
                return migrator.migrations.filter { !applied.contains($0) }
            }
            switch access {
            case .readWrite:
                try migrator.migrate(writer)
            case .readOnly:
                guard pending.isEmpty else {
                    throw StateStoreError.schemaNeedsMigration(path: path, pendingMigrations: pending)
                }
            }
        } catch {
            throw StateStoreError.mapping(error, path: path)
        }
    }

    /// Checks an existing database through a read-only connection before the pool opens it: the pool switches
    /// the file to WAL and checkpoints on close, which would already change a foreign or newer database.
    private static func checkCompatibilityBeforeOpening(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return }
        var config = Configuration()
        config.readonly = true
        let migrator = StoreMigrations.migrator
        do {
            let probe = try DatabaseQueue(path: path, configuration: config)
            defer { try? probe.close() }
            try probe.read { db in try checkCompatibility(db, migrator: migrator, path: path) }
        } catch {
            throw StateStoreError.mapping(error, path: path)
        }
    }

    /// Throws unless `db` is empty or one of glwatch's databases at a schema version this build knows.
    private static func checkCompatibility(_ db: Database, migrator: DatabaseMigrator, path: String) throws {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID != StoreMigrations.applicationID {
            let objects = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
            if objects > 0 || applicationID != 0 {
                throw StateStoreError.notAGlwatchDatabase(path: path)
            }
        }
        let known = Set(migrator.migrations)
        let unknown = try migrator.appliedIdentifiers(db).subtracting(known)
        if !unknown.isEmpty {
            throw StateStoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
        }
    }

    // MARK: Access helpers

    /// Runs `updates` in one write transaction, mapping database errors to `StateStoreError`.
    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.write(updates)
        } catch {
            throw StateStoreError.mapping(error, path: path)
        }
    }

    /// Runs `value` in one read transaction (a snapshot; never waits for the writer in WAL mode).
    func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(value)
        } catch {
            throw StateStoreError.mapping(error, path: path)
        }
    }
}
