import ArgumentParser
import Foundation
import GRDB
import Testing
import TestSupport

@testable import Watcher

/// `glwatch migrate [--check]` on SQLite (a state left by an older glwatch) and on PostgreSQL (a fresh database).
@Suite("glwatch migrate", .closesStores)
struct MigrateCommandTests {
    let cli = CLITestHarness()

    /// A state file as the glwatch of schema v3 left it: v4 and v5 pending.
    private func olderState() throws -> String {
        let fixture = try #require(SchemaFixture.all.first { $0.migration == "v3-watch-start" })
        let queue = try DatabaseQueue(path: cli.statePath)
        try queue.writeWithoutTransaction { db in try db.execute(sql: fixture.sql) }
        try queue.close()
        return cli.statePath
    }

    /// A config keeping the state in the PostgreSQL database at `url` (through `$GLWATCH_DATABASE_URL`).
    private func postgresConfig(_ url: String) throws -> String {
        cli.environment["GLWATCH_DATABASE_URL"] = url
        return try cli.write(
            "state:\n  postgres:\n    url_env: GLWATCH_DATABASE_URL\nsinks:\n  chat:\n    type: stdout\n"
                + "rules:\n  - name: all\n    notify: [chat]\n",
            to: "glwatch.yml"
        )
    }

    @Test func testMigrateCheck_olderSQLiteState_listsThePendingMigrationsExitsOneAndChangesNothing() async throws {
        // Given a state left by an older glwatch
        let path = try olderState()

        // When `migrate --check` looks at it
        await #expect(throws: ExitCode(1)) { try await cli.run(["migrate", "--check", "--state", path]) }

        // Then it lists what is pending, and the file is as it was
        #expect(
            cli.output.text == """
                SQLite state \(path) has 2 migrations pending (`glwatch migrate` applies them):
                  v4-tags
                  v5-project-last-hook

                """
        )
        #expect(try SQLiteStateStore.migrationStatus(path: path).pending == ["v4-tags", "v5-project-last-hook"])
    }

    @Test func testMigrate_olderSQLiteState_appliesThePendingMigrationsThenIsUpToDate() async throws {
        let path = try olderState()

        let applied = try await cli.run(["migrate", "--state", path])
        let again = try await cli.run(["migrate", "--dry-run", "--state", path])

        #expect(applied == "SQLite state \(path): applied 2 migrations:\n  v4-tags\n  v5-project-last-hook\n")
        #expect(again == "SQLite state \(path) is already up to date (5 migrations, the latest v5-project-last-hook)\n")
        let store = try StateAccess.openForReading(path)
        defer { try? store.close() }
        #expect(try await store.projectState(SchemaFixture.project)?.record.path == "fixture/one")
    }

    @Test func testMigrate_stateOfANewerGlwatch_refusesAndLeavesItUntouched() async throws {
        // Given a state a newer glwatch migrated further
        let store = try cli.openStore()
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-future')")
        }
        try store.close()

        for arguments in [["migrate", "--check"], ["migrate"]] {
            await #expect(
                throws: CLIError(
                    "\(cli.statePath) was written by a newer glwatch (unknown migrations: v99-future); it was left "
                        + "untouched — upgrade glwatch to use it"
                )
            ) { try await cli.run(arguments + ["--state", cli.statePath]) }
        }
    }

    @Test(.requires(.postgreSQL))
    func testMigrate_freshPostgresDatabase_checksThenAppliesEveryMigrationWithoutTakingLeases() async throws {
        // Given a config naming an empty PostgreSQL database
        let database = try await StoreKind.postgres.database()
        let config = try postgresConfig(database.location)
        let location = try PostgresStoreConfiguration(url: database.location).location

        // When `migrate --check`, then `migrate`, then `migrate --check` again run
        await #expect(throws: ExitCode(1)) { try await cli.run(["migrate", "--check", "--config", config]) }
        let check = cli.output.text
        let applied = try await cli.run(["migrate", "--config", config])
        let again = try await cli.run(["migrate", "--check", "--config", config])

        // Then the first lists them all, the second applies them, the third finds nothing to do
        let list = PostgresMigrations.identifiers.map { "  \($0)\n" }.joined()
        let count = PostgresMigrations.all.count
        let latest = try #require(PostgresMigrations.identifiers.last)
        #expect(
            check
                == "PostgreSQL state \(location) has \(count) migrations pending (`glwatch migrate` applies them):\n"
                + list
        )
        #expect(applied == "PostgreSQL state \(location): applied \(count) migrations:\n" + list)
        #expect(
            again == "PostgreSQL state \(location) is already up to date (\(count) migrations, the latest \(latest))\n"
        )
        // and no replica registered or took a lease
        let store = try await database.open()
        #expect(try await store.count("SELECT COUNT(*) FROM replica") == 0)
        #expect(try await store.count("SELECT COUNT(*) FROM projectLease") == 0)
    }

    @Test(.requires(.postgreSQL))
    func testMigrate_postgresDatabaseOfANewerGlwatch_refusesAndLeavesItUntouched() async throws {
        // Given a database a newer glwatch migrated further
        let database = try await StoreKind.postgres.database()
        let store = try #require(try await database.open() as? PostgresStateStore)
        let logger = store.logger
        try await store.write { connection in
            try await connection.run("INSERT INTO glwatch_migration (identifier) VALUES ('v99-future')", logger: logger)
        }
        await store.close()
        let config = try postgresConfig(database.location)
        let location = try PostgresStoreConfiguration(url: database.location).location

        for arguments in [["migrate", "--check"], ["migrate"]] {
            await #expect(
                throws: CLIError(
                    "\(location) was written by a newer glwatch (unknown migrations: v99-future); it was left "
                        + "untouched — upgrade glwatch to use it"
                )
            ) { try await cli.run(arguments + ["--config", config]) }
        }
    }

    @Test func testMigrate_unreachablePostgres_namesTheHostNeverThePassword() async throws {
        let config = try postgresConfig("postgres://glwatch:hunter2-secret@127.0.0.1:1/state?sslmode=disable")

        for arguments in [["migrate", "--check"], ["migrate"]] {
            do {
                try await cli.run(arguments + ["--config", config])
                Issue.record("expected an error")
            } catch let error as CLIError {
                #expect(
                    error.description.hasPrefix(
                        "cannot reach the PostgreSQL state database glwatch@127.0.0.1:1/state: "
                    )
                )
                #expect(!error.description.contains("hunter2"))
            }
        }
        #expect(!cli.output.text.contains("hunter2") && !cli.errors.text.contains("hunter2"))
    }
}
