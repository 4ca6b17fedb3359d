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
}
