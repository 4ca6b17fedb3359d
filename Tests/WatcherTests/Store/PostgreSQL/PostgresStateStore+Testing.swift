import PostgresNIO

@testable import Watcher

extension PostgresStateStore: ContractStore {
    /// Runs raw SQL returning one integer (test assertions only: the text is the test's own constant).
    func count(_ sql: String) async throws -> Int {
        let logger = self.logger
        return try await read { connection in
            try await connection.rows(PostgresQuery(unsafeSQL: sql), logger: logger).first?.decode(Int.self) ?? 0
        }
    }

    func closeForTest() async throws { await close() }

    /// Opens the store at `url` as replica `replicaID` (a fresh id by default), with `leasePeriod` and `queryTimeout`
    /// when given, and
    /// closes it when the test ends (`StoreCleanup`).
    static func openForTest(
        _ url: String, replicaID: String = PostgresStoreConfiguration.makeReplicaID(), leasePeriod: Duration? = nil,
        queryTimeout: Duration? = nil
    ) async throws -> PostgresStateStore {
        var configuration = try PostgresStoreConfiguration(url: url, replicaID: replicaID)
        if let leasePeriod { configuration.leasePeriod = leasePeriod }
        if let queryTimeout { configuration.queryTimeout = queryTimeout }
        let store = try await PostgresStateStore.open(configuration)
        StoreCleanup.add { await store.close() }
        return store
    }
}
