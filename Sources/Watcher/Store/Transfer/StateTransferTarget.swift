import Foundation

/// What `glwatch migrate` and `glwatch state import` need of an opened store, SQLite or PostgreSQL.
protocol StateTransferTarget: Sendable {
    /// The identifiers of the applied migrations, oldest first.
    func appliedMigrations() async throws -> [String]
    /// Imports a whole state export into the (empty) store in one transaction.
    func importState(_ content: StateDumpContent, now: Date) async throws
}

extension SQLiteStateStore: StateTransferTarget {
    func importState(_ content: StateDumpContent, now: Date) async throws {
        try await importState(content)
    }
}

extension PostgresStateStore: StateTransferTarget {}
