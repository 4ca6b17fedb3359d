import Foundation
import Logging
import Notifier
import Testing
import TestSupport

@testable import Watcher

/// Moving a state: an SQLite state exported (`SQLiteStateStore.exportState`), read (`StateDumpReader`) and
/// imported into an empty store of each kind reads back the same through every query the watcher, the notifier
/// and the CLI use — same projects, heads, tags, events and ids, deliveries in the same order and states.
@Suite("State export and import", .closesStores)
struct StateTransferTests {
    /// Everything the store's queries say about a state.
    struct Snapshot: Hashable {
        var projects: [ProjectRecord]
        var states: [ProjectState]
        var unbaselined: [ProjectKey]
        var contributors: Set<String>
        var reported: Set<String>
        var events: [StoredEvent]
        var deliveries: [DeliveryRecord]
        var attempts: [AttemptRecord]
        var metrics: StoreMetrics
        var storedEvent: StoredEvent?
    }

    static func snapshot(_ store: any ContractStore) async throws -> Snapshot {
        Snapshot(
            projects: try await store.projects(),
            states: try await store.projectStates(),
            unbaselined: try await store.unbaselinedProjects(),
            contributors: try await store.knownContributors(
                in: Sample.projectA,
                among: ["ann@example.com", "bob@example.com"]
            ),
            reported: try await store.reportedCommits(
                in: Sample.projectA,
                among: [Sample.sha(1), Sample.sha(2), Sample.sha(3)]
            ),
            events: try await store.recentEvents(EventFilter(limit: 1000)),
            deliveries: try await store.deliveries(DeliveryFilter(states: Set(DeliveryState.allCases), limit: 1000)),
            attempts: try await store.attempts(AttemptFilter(limit: 1000)),
            metrics: try await store.metrics(),
            storedEvent: try await store.storedEvent(id: "e-a2")
        )
    }

    /// A seeded SQLite state file.
    static func seededSQLite() async throws -> SQLiteStateStore {
        let store = try #require(try await StoreKind.sqlite.database().open() as? SQLiteStateStore)
        try await StateTransferFixture.seed(store)
        return store
    }

    /// The store's export, as the file would hold it.
    static func export(_ store: SQLiteStateStore) throws -> Data {
        var text = ""
        _ = try store.exportState { text += $0 + "\n" }
        return Data(text.utf8)
    }

    @Test(arguments: StoreKind.available)
    func testExportImport_sqliteStateIntoAnEmptyStore_readsBackTheSame(target kind: StoreKind) async throws {
        // Given an SQLite state with rows in every table, exported and read back
        let source = try await Self.seededSQLite()
        let content = try StateDumpReader.read(try Self.export(source), source: "export.jsonl")
        #expect(content.tables.allSatisfy { !$0.rows.isEmpty }, "the fixture fills every table")

        // When it is imported into an empty store of `kind`
        let target = try await kind.database().open()
        try await #require(target as? any StateTransferTarget).importState(content, now: Sample.time())

        // Then every query reads the same: projects, heads and tags, events with their ids, deliveries
        let expected = try await Self.snapshot(source)
        let imported = try await Self.snapshot(target)
        #expect(imported.projects == expected.projects)
        #expect(imported.states == expected.states)
        #expect(imported.events.map(\.event.id) == expected.events.map(\.event.id))
        #expect(imported.deliveries.map(\.id) == expected.deliveries.map(\.id))
        #expect(imported == expected)
        // and each sink's queue hands out the same deliveries in the same order (the failed one, then the rest)
        for sink in StateTransferFixture.sinks {
            let due = try await source.nextDue(sink: sink, now: StateTransferFixture.later, limit: 100)
            #expect(!due.isEmpty)
            #expect(try await target.nextDue(sink: sink, now: StateTransferFixture.later, limit: 100) == due)
        }
    }

    @Test(arguments: StoreKind.available)
    func testImport_thenPolling_announcesNothingTwiceAndQueuesNewWorkBehind(target kind: StoreKind) async throws {
        // Given an imported state
        let source = try await Self.seededSQLite()
        let content = try StateDumpReader.read(try Self.export(source), source: "export.jsonl")
        let target = try await kind.database().open()
        try await #require(target as? any StateTransferTarget).importState(content, now: Sample.time())
        let importedIDs = try await target.deliveries(DeliveryFilter(states: Set(DeliveryState.allCases), limit: 1000))
            .map(\.id)

        // When the first poll on it finds an event already announced before the move, and a new one
        let result = try await target.apply(
            Sample.change(
                events: [Sample.event("e-a1", at: 10), Sample.event("e-new", at: 500)],
                sinks: ["ops"],
                at: 500
            )
        )

        // Then the old one is recognised (not queued again), and the new one's delivery comes after every
        // imported one (the identity sequences moved past the imported keys)
        #expect(result.duplicateEventIDs == ["e-a1"])
        #expect(result.insertedEventIDs == ["e-new"])
        let new = try await target.deliveries(DeliveryFilter(sink: "ops", eventID: "e-new"))
        #expect(new.count == 1 && new[0].id > importedIDs.max()!)
    }

    @Test(arguments: StoreKind.available)
    func testImport_intoAStoreWithState_refusesNamingWhatIsThereAndWritesNothing(target kind: StoreKind) async throws {
        // Given a target that already holds a poll's state
        let source = try await Self.seededSQLite()
        let content = try StateDumpReader.read(try Self.export(source), source: "export.jsonl")
        let target = try await kind.database().open()
        _ = try await target.apply(Sample.change(events: [Sample.event("already-here")]))
        let before = try await Self.snapshot(target)

        // When the export is imported into it
        let error = await #expect(throws: StateDumpError.self) {
            try await #require(target as? any StateTransferTarget).importState(content, now: Sample.time())
        }

        // Then it is refused, naming the tables that hold rows, and the target is unchanged
        guard case .targetNotEmpty(_, let rows) = error else {
            Issue.record("expected targetNotEmpty, got \(String(describing: error))")
            return
        }
        #expect(
            rows == [
                .init(table: "project", rows: 2), .init(table: "event", rows: 1), .init(table: "delivery", rows: 1),
            ]
        )
        #expect(try await Self.snapshot(target) == before)
    }

    @Test(.requires(.postgreSQL))
    func testExportImport_postgresStateIntoANewSQLiteState_readsBackTheSame() async throws {
        // Given a PostgreSQL state with rows in every table (one replica's delivery claimed, as while it sends)
        let database = try await StoreKind.postgres.database()
        let source = try await database.open()
        try await StateTransferFixture.seed(source)
        _ = try await source.nextDue(sink: "chat", now: Sample.time(), limit: 1)

        // When it is exported (without a store: one read-only connection) and imported into a new SQLite file
        var text = ""
        let written = try await PostgresStateStore.exportState(
            try PostgresStoreConfiguration(url: database.location),
            logger: Logger(label: "test"),
            to: { text += $0 + "\n" }
        )
        let content = try StateDumpReader.read(Data(text.utf8), source: "export.jsonl")
        let target = try await StoreKind.sqlite.database().open()
        try await #require(target as? any StateTransferTarget).importState(content, now: Sample.time())

        // Then every query reads the same (claims belong to running replicas and are not carried)
        #expect(written == content.totalRows)
        #expect(try await Self.snapshot(target) == Self.snapshot(source))
    }

    @Test(.requires(.postgreSQL))
    func testExport_postgresStateWithPendingMigrations_refusesAndChangesNothing() async throws {
        let database = try await StoreKind.postgres.database()
        let configuration = try PostgresStoreConfiguration(url: database.location)
        let logger = Logger(label: "test")

        let error = await #expect(throws: StateStoreError.self) {
            try await PostgresStateStore.exportState(configuration, logger: logger, to: { _ in })
        }

        #expect(
            error
                == .schemaNeedsMigration(
                    path: configuration.location,
                    pendingMigrations: PostgresMigrations.identifiers
                )
        )
        #expect(try await PostgresStateStore.migrationStatus(configuration, logger: logger).applied.isEmpty)
    }

    @Test(.requires(.postgreSQL))
    func testImport_intoAPostgresDatabaseWithARunningReplica_refuses() async throws {
        // Given an empty database on which a replica is running (its heartbeat is fresh)
        let content = try StateDumpReader.read(try Self.export(try await Self.seededSQLite()), source: "export.jsonl")
        let target = try #require(try await StoreKind.postgres.database().open() as? PostgresStateStore)
        try await target.heartbeat(now: Sample.time())

        // When the export is imported, Then it is refused and nothing is written
        let error = await #expect(throws: StateDumpError.self) {
            try await target.importState(content, now: Sample.time(1))
        }
        #expect(error == .replicasRunning(location: target.location, count: 1))
        #expect(try await target.projects().isEmpty)
    }
}
