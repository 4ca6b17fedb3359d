import Foundation
import GRDB
import PostgresNIO
import Testing
import TestSupport

@testable import Watcher

/// The export format covers the whole schema: every table and column of both stores, except what belongs to
/// running PostgreSQL replicas (leases, claims) and the migrations' own bookkeeping.
@Suite("StateDump", .closesStores)
struct StateDumpTests {
    /// What the format leaves out on purpose.
    static let notExported: Set<String> = [
        "replica", "projectlease", "leaderlease", "leadernote", "glwatch_migration", "grdb_migrations",
        "delivery.claimedby", "delivery.claimexpiresat",
    ]

    /// `table.column` of every column the format carries, lower-cased (PostgreSQL folds unquoted names).
    static var exported: Set<String> {
        Set(StateDump.tables.flatMap { table in table.columns.map { "\(table.name).\($0.name)".lowercased() } })
    }

    @Test func testTables_coverEveryColumnOfTheLatestSQLiteSchema() async throws {
        let store = try SQLiteStateStore.inMemory()
        defer { try? store.close() }
        let columns = try await store.writer.read { db in
            var columns: Set<String> = []
            let tables = try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            for table in tables where !Self.notExported.contains(table.lowercased()) {
                for column in try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))") {
                    columns.insert("\(table).\(column["name"] as String)".lowercased())
                }
            }
            return columns
        }
        #expect(columns == Self.exported)
    }

    @Test(.requires(.postgreSQL))
    func testTables_coverEveryColumnOfTheLatestPostgresSchema() async throws {
        let store = try #require(try await StoreKind.postgres.database().open() as? PostgresStateStore)
        let logger = store.logger
        let rows = try await store.read { connection in
            try await connection.rows(
                """
                SELECT table_name || '.' || column_name FROM information_schema.columns
                WHERE table_schema = current_schema()
                """,
                logger: logger
            ).map { try $0.decode(String.self) }
        }
        let columns = Set(rows).filter { column in
            !Self.notExported.contains(column) && !Self.notExported.contains(String(column.prefix { $0 != "." }))
        }
        #expect(columns == Self.exported)
    }

    @Test func testTables_generatedKeysAreColumnsOfTheirTables() {
        for table in StateDump.tables {
            if let key = table.generatedKey {
                #expect(table.columns.contains { $0.name == key && $0.kind == .integer })
            }
        }
    }
}
