import Foundation
import Testing
import TestSupport

@testable import Watcher

/// Everything the contract tests call on a store, whatever its backend.
protocol ContractStore: StateBackend, ActivityQueries, EventLookup {
    /// Runs raw SQL returning one integer, for assertions on what is really stored (both schemas have the same
    /// table and column names).
    func count(_ sql: String) async throws -> Int

    /// Closes the store (a second close does nothing harmful).
    func closeForTest() async throws
}

extension SQLiteStateStore: ContractStore {
    func closeForTest() async throws { try close() }
}

/// The state backends the contract tests (`Tests/WatcherTests/Store/Contract/`) run against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The kinds this test process runs: SQLite always; PostgreSQL when a server is at hand, and always under CI,
    /// where a missing server fails each PostgreSQL case naming it. Elsewhere the PostgreSQL cases are left out,
    /// and standard error says once why (`RequiredComponent.postgreSQL`).
    static let available: [StoreKind] = {
        (try? RequiredComponent.postgreSQL.isUsable()) == false ? [.sqlite] : allCases
    }()

    var testDescription: String { rawValue }

    /// Opens a fresh, empty store of this kind; it is closed (and its database removed) when the test ends, which
    /// needs the `.closesStores` trait on the suite.
    func open() async throws -> any ContractStore {
        switch self {
        case .sqlite:
            let store = try SQLiteStateStore.inMemory()
            StoreCleanup.add { try? await store.closeForTest() }
            return store
        case .postgres:
            return try await database().open()
        }
    }

    /// A fresh, empty database of this kind that can be opened again after closing (a restart), removed when the
    /// test ends (`.closesStores`).
    func database() async throws -> TestDatabase {
        switch self {
        case .sqlite:
            let directory = NSTemporaryDirectory() + "glwatch-store-tests-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            StoreCleanup.add { try? FileManager.default.removeItem(atPath: directory) }
            return TestDatabase(kind: self, location: directory + "/state.db")
        case .postgres:
            let url = try await PostgresTestServer.createDatabase()
            StoreCleanup.add { await PostgresTestServer.dropDatabase(url) }
            return TestDatabase(kind: self, location: url)
        }
    }
}

/// One test database: an SQLite file or a PostgreSQL database.
struct TestDatabase: Sendable {
    /// Its backend.
    var kind: StoreKind
    /// The SQLite file's path or the PostgreSQL database's URL.
    var location: String

    /// Opens a store on it (closed when the test ends, if not before).
    func open() async throws -> any ContractStore {
        let store: any ContractStore
        switch kind {
        case .sqlite:
            store = try SQLiteStateStore.reopenForTest(path: location)
        case .postgres:
            store = try await PostgresStateStore.open(try PostgresStoreConfiguration(url: location))
        }
        StoreCleanup.add { try? await store.closeForTest() }
        return store
    }
}
