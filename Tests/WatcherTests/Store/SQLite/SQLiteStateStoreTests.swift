import Foundation
import GRDB
import Notifier
import Testing

@testable import Watcher

#if canImport(Glibc)
import Glibc
#endif

@Suite("SQLiteStateStore: opening, files, locking and refusals")
struct SQLiteStateStoreTests {
    let directory = TemporaryDirectory()

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    private func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    @Test func testOpen_missingDirectory_createsOwnerOnlyDirectoryAndFiles() async throws {
        // Given a state path in a directory that does not exist yet
        let path = directory.file("nested/state/glwatch.db")

        // When the store is opened and written to
        let store = try SQLiteStateStore(StoreConfiguration(path: path))
        _ = try await store.apply(Sample.change(events: [Sample.event("e1")]))

        // Then the directory is 0700 and the database, its WAL, shared memory and lock files are 0600
        #expect(mode(directory.file("nested/state")) == 0o700)
        for file in [path, path + "-wal", path + "-shm", path + ".lock"] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file) exists")
            #expect(mode(file) == 0o600, "\(file) is owner-only")
        }
        try store.close()
    }

    @Test func testOpen_configuresWALBusyTimeoutAndDurability() async throws {
        let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.db"), busyTimeout: 2.5))
        let (journal, timeout, synchronous, foreignKeys) = try await store.writer.writeWithoutTransaction { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA busy_timeout"),
                try Int.fetchOne(db, sql: "PRAGMA synchronous"), try Bool.fetchOne(db, sql: "PRAGMA foreign_keys")
            )
        }
        #expect(journal == "wal")
        #expect(timeout == 2500)
        #expect(synchronous == 2)  // FULL
        #expect(foreignKeys == true)
        #expect(try await store.appliedMigrations() == StoreMigrations.identifiers)
    }

    @Test func testOpen_existingLooseFileMode_isTightenedToOwnerOnly() async throws {
        let path = directory.file("state.db")
        try SQLiteStateStore(StoreConfiguration(path: path)).close()
        chmod(path, 0o644)

        let store = try SQLiteStateStore.reopenForTest(path: path)

        #expect(mode(path) == 0o600)
        try store.close()
    }

    @Test func testOpen_secondWriterOnSameState_refusesNamingThePathAndPid() async throws {
        // Given a store holding the state
        let path = directory.file("state.db")
        let first = try SQLiteStateStore(StoreConfiguration(path: path))

        // When a second one opens the same state, then it is refused with the path and the holder's pid
        let error = #expect(throws: StateStoreError.self) { try SQLiteStateStore(StoreConfiguration(path: path)) }
        #expect(error == .alreadyInUse(path: path, lockPath: path + ".lock", pid: getpid()))
        let message = try #require(error).description
        #expect(message.contains(path) && message.contains("pid \(getpid())"))

        // And once the first closes, the state can be opened again, with its data
        _ = try await first.apply(Sample.change(events: [Sample.event("e1")]))
        try first.close()
        let second = try SQLiteStateStore.reopenForTest(path: path)
        #expect(try await second.recentEvents(EventFilter()).map(\.event.id) == ["e1"])
        try second.close()
    }

    @Test func testOpen_readOnlyBesideTheWriter_readsButNeverWrites() async throws {
        let path = directory.file("state.db")
        let writer = try SQLiteStateStore(StoreConfiguration(path: path))
        _ = try await writer.apply(Sample.change(events: [Sample.event("e1")]))

        let reader = try SQLiteStateStore(StoreConfiguration(path: path, access: .readOnly))

        #expect(try await reader.recentEvents(EventFilter()).map(\.event.id) == ["e1"])
        _ = try await writer.apply(Sample.change(events: [Sample.event("e2")]))
        #expect(try await reader.recentEvents(EventFilter()).map(\.event.id) == ["e2", "e1"])
        await #expect(throws: StateStoreError.readOnly(path: path)) {
            try await reader.apply(Sample.change(events: [Sample.event("e3")]))
        }
        try reader.close()
        try writer.close()
    }

    @Test func testOpen_readOnlyWithoutDatabase_isNotFound() throws {
        let path = directory.file("missing.db")
        #expect(throws: StateStoreError.notFound(path: path)) {
            try SQLiteStateStore(StoreConfiguration(path: path, access: .readOnly))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func testOpen_readOnlyOnUnmigratedDatabase_asksForTheWatcherToMigrate() throws {
        let path = directory.file("empty.db")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(
            throws: StateStoreError.schemaNeedsMigration(path: path, pendingMigrations: StoreMigrations.identifiers)
        ) {
            try SQLiteStateStore(StoreConfiguration(path: path, access: .readOnly))
        }
    }

    @Test func testOpen_fileThatIsNotSQLite_isRefusedUntouched() throws {
        let path = directory.file("state.db")
        let content = Data("this is my shopping list, not a database\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: content)

        #expect(throws: StateStoreError.notADatabase(path: path)) {
            try SQLiteStateStore(StoreConfiguration(path: path))
        }
        #expect(bytes(path) == content)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func testOpen_anotherApplicationsDatabase_isRefusedUntouched() throws {
        let path = directory.file("other.db")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE note (text TEXT); INSERT INTO note VALUES ('keep me')")
        }
        let before = bytes(path)

        #expect(throws: StateStoreError.notAGlwatchDatabase(path: path)) {
            try SQLiteStateStore(StoreConfiguration(path: path))
        }
        #expect(bytes(path) == before)
    }

    @Test func testOpen_databaseFromANewerGlwatch_isRefusedUntouched() async throws {
        // Given a state database to which a newer glwatch added a migration
        let path = directory.file("state.db")
        try SQLiteStateStore(StoreConfiguration(path: path)).close()
        let newer = try DatabasePool(path: path)
        try await newer.write { db in
            try db.execute(sql: "CREATE TABLE future (x INTEGER)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')")
        }
        try newer.close()
        let before = bytes(path)

        // When this glwatch opens it, then it refuses, naming the unknown migration, and changes nothing
        let error = #expect(throws: StateStoreError.self) { try SQLiteStateStore.reopenForTest(path: path) }
        #expect(error == .newerSchema(path: path, unknownMigrations: ["v99-from-the-future"]))
        #expect(try #require(error).description.contains("newer glwatch"))
        #expect(bytes(path) == before)
    }

    @Test func testOpen_parentIsAFile_cannotCreateTheDirectory() throws {
        let blocker = directory.file("blocker")
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))

        let error = #expect(throws: StateStoreError.self) {
            try SQLiteStateStore(StoreConfiguration(path: blocker + "/state/glwatch.db"))
        }
        guard case .cannotCreateDirectory(let path, _) = error else {
            Issue.record("expected cannotCreateDirectory, got \(String(describing: error))")
            return
        }
        #expect(path == blocker + "/state")
    }

    @Test func testOpen_pathIsADirectory_isNotWritable() throws {
        let path = directory.file("state.db")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)

        #expect(throws: StateStoreError.notWritable(path: path, reason: "not a regular file")) {
            try SQLiteStateStore(StoreConfiguration(path: path))
        }
    }

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel"), "needs sysfs (not writable, even for root)")
    )
    func testOpen_directoryNotWritable_isNotWritable() throws {
        let error = #expect(throws: StateStoreError.self) {
            try SQLiteStateStore(StoreConfiguration(path: "/sys/kernel/glwatch-state.db"))
        }
        guard case .notWritable(let path, _) = error else {
            Issue.record("expected notWritable, got \(String(describing: error))")
            return
        }
        #expect(path == "/sys/kernel/glwatch-state.db.lock")
    }

    @Test func testWrite_whileAnotherConnectionHoldsTheSQLiteLock_failsBusyThenRecovers() async throws {
        // Given a store with a short busy timeout, and another connection in the middle of a write transaction
        let path = directory.file("state.db")
        let store = try SQLiteStateStore(StoreConfiguration(path: path, busyTimeout: 0.05))
        var config = Configuration()
        config.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: config)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }

        // When the store writes, then it gives up after the timeout with a clear error
        await #expect(throws: StateStoreError.busy(path: path)) {
            try await store.apply(Sample.change(events: [Sample.event("e1")]))
        }

        // And once the other transaction ends, the same write succeeds
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try other.close()
        #expect(try await store.apply(Sample.change(events: [Sample.event("e1")])).insertedEventIDs == ["e1"])
        try store.close()
    }
}
