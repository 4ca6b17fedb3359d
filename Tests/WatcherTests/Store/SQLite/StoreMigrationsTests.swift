import Foundation
import GRDB
import Notifier
import Testing

@testable import Watcher

/// Schema versions: every version has a frozen dump (Fixtures/), every dump opens and migrates to the latest
/// with its data intact, and the latest migration still produces exactly its dump's schema (a shipped migration
/// was not edited).
@Suite("StoreMigrations")
struct StoreMigrationsTests {
    let directory = TemporaryDirectory()

    /// Builds a database file from a frozen dump, as that glwatch version left it.
    private func database(from fixture: SchemaFixture) throws -> String {
        let path = directory.file("\(fixture.migration).db")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: fixture.sql) }
        try queue.close()
        return path
    }

    private func schema(_ writer: any DatabaseReader) throws -> [String] {
        try writer.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
            )
        }
    }

    @Test func testFixtures_everyMigrationHasAFrozenDump() {
        #expect(SchemaFixture.all.map(\.migration) == StoreMigrations.identifiers)
    }

    @Test func testMigrate_emptyDatabase_reachesTheLatestVersion() async throws {
        let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("fresh.db")))
        #expect(try await store.appliedMigrations() == StoreMigrations.identifiers)
        #expect(try await store.count("PRAGMA application_id") == Int(StoreMigrations.applicationID))
        try store.close()
    }

    @Test(arguments: SchemaFixture.all)
    func testOpen_databaseOfEveryVersion_migratesToLatestAndKeepsItsData(fixture: SchemaFixture) async throws {
        // Given a database left by the glwatch version whose last migration is `fixture.migration`
        let path = try database(from: fixture)

        // When this glwatch opens it
        let store = try SQLiteStateStore(StoreConfiguration(path: path))

        // Then it is at the latest version, and the fixture's data reads back through the current API
        #expect(try await store.appliedMigrations() == StoreMigrations.identifiers)
        let state = try #require(try await store.projectState(SchemaFixture.project))
        #expect(state.record.path == "fixture/one")
        #expect(state.head(of: "main") == SchemaFixture.headSHA)
        #expect(
            try await store.knownContributors(in: SchemaFixture.project, among: ["ann@example.com"]) == [
                "ann@example.com"
            ]
        )
        #expect(
            try await store.reportedCommits(in: SchemaFixture.project, among: [SchemaFixture.headSHA]) == [
                SchemaFixture.headSHA
            ]
        )
        #expect(try await store.nextDue(sink: "ops", now: Sample.time(0), limit: 10).map(\.event.id) == ["fixture-e1"])
        #expect(try await store.deliveries(DeliveryFilter(states: [.dead])).map(\.eventID) == ["fixture-e2"])
        #expect(try await store.deliveries(DeliveryFilter(states: [])).map(\.rule) == fixture.rules)
        #expect(try await store.attempts(AttemptFilter(eventID: "fixture-e2")).map(\.attempt.error) == ["HTTP 410"])

        // And it keeps working
        #expect(
            try await store.apply(Sample.change(events: [Sample.event("after-migration")])).insertedEventIDs.count == 1
        )
        try store.close()
    }

    @Test func testLatestMigration_producesExactlyItsFrozenSchema() throws {
        let latest = try #require(SchemaFixture.all.last)
        let frozen = try DatabaseQueue(path: try database(from: latest))
        let fresh = try DatabaseQueue()
        try StoreMigrations.migrator.migrate(fresh)

        #expect(try schema(fresh) == schema(frozen))
    }
}
