import Foundation
import Notifier
import Testing
import TestSupport

@testable import Watcher

/// `glwatch state export` and `glwatch state import`: the move from SQLite to PostgreSQL as a user runs it.
@Suite("glwatch state export / import", .closesStores)
struct StateCommandTests {
    let cli = CLITestHarness()

    init() async throws {
        let store = try cli.openStore()
        try await StateTransferFixture.seed(store)
        try store.close()
    }

    private func export() async throws -> String {
        let file = cli.directory.file("export.jsonl")
        try await cli.run(["state", "export", "--state", cli.statePath, "--output", file])
        return file
    }

    @Test func testExport_toAFile_writesTheWholeStatePrivatelyAndTheSameAsToStandardOutput() async throws {
        // When the state is exported to a file, and to standard output
        let file = try await export()
        let printed = try await cli.run(["state", "export", "--state", cli.statePath])

        // Then the file is readable by its owner only, complete (no partial file left), and the same as printed
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(!FileManager.default.fileExists(atPath: file + ".partial"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text == printed)
        #expect(text.hasPrefix(#"{"format":"glwatch-state","version":1,"schema":["v1-initial-schema","#))
        let content = try StateDumpReader.read(Data(text.utf8), source: file)
        #expect(content.summary == "3 projects, 16 events, 20 deliveries (\(content.totalRows) rows in all)")
        #expect(
            cli.errors.text.contains("exported \(content.totalRows) rows from SQLite state \(cli.statePath) to \(file)")
        )
    }

    @Test func testImport_exportIntoANewSQLiteState_readsBackTheSameEventsAndQueue() async throws {
        // Given an export of the state
        let file = try await export()
        let target = cli.directory.file("moved.db")

        // When it is imported into a new state file
        let text = try await cli.run(["state", "import", "--state", target, file])

        // Then it says what it imported, and the queue and events read back the same
        #expect(
            text
                == "imported 3 projects, 16 events, 20 deliveries (\(try rows(file)) rows in all) into SQLite state \(target)\n"
        )
        let source = try StateAccess.openForReading(cli.statePath)
        let moved = try StateAccess.openForReading(target)
        defer {
            try? source.close()
            try? moved.close()
        }
        let all = DeliveryFilter(states: Set(DeliveryState.allCases), limit: 1000)
        #expect(try await moved.deliveries(all) == source.deliveries(all))
        #expect(try await moved.recentEvents(EventFilter(limit: 1000)) == source.recentEvents(EventFilter(limit: 1000)))
    }

    @Test(.requires(.postgreSQL))
    func testImport_throughAPostgresConfig_movesTheStateIntoTheEmptyDatabase() async throws {
        // Given an export and a config naming an empty PostgreSQL database
        let file = try await export()
        let database = try await StoreKind.postgres.database()
        cli.environment["GLWATCH_DATABASE_URL"] = database.location
        let config = try cli.write(
            "state:\n  postgres:\n    url_env: GLWATCH_DATABASE_URL\nsinks:\n  chat:\n    type: stdout\n"
                + "rules:\n  - name: all\n    notify: [chat]\n",
            to: "glwatch.yml"
        )

        // When the export is imported through the config
        let text = try await cli.run(["state", "import", "--config", config, file])

        // Then it lands in PostgreSQL, with the same events and waiting deliveries
        let location = try PostgresStoreConfiguration(url: database.location).location
        #expect(text.hasSuffix(" into PostgreSQL state \(location)\n"))
        let store = try await database.open()
        let source = try StateAccess.openForReading(cli.statePath)
        defer { try? source.close() }
        #expect(
            try await store.recentEvents(EventFilter(limit: 1000)).map(\.event.id)
                == source.recentEvents(EventFilter(limit: 1000)).map(\.event.id)
        )
        #expect(
            try await store.deliveries(DeliveryFilter(limit: 1000)) == source.deliveries(DeliveryFilter(limit: 1000))
        )

        // and exporting it back from PostgreSQL gives the same rows
        let back = cli.directory.file("back.jsonl")
        try await cli.run(["state", "export", "--config", config, "--output", back])
        let original = try StateDumpReader.read(try Data(contentsOf: URL(fileURLWithPath: file)), source: file)
        let exported = try StateDumpReader.read(try Data(contentsOf: URL(fileURLWithPath: back)), source: back)
        #expect(exported.tables.map(\.rows) == original.tables.map(\.rows))
        #expect(exported.schema == PostgresMigrations.identifiers)
    }

    @Test func testImport_intoAStateThatHoldsSomething_refusesNamingWhatIsThere() async throws {
        let file = try await export()

        // Importing into the state it came from
        await #expect(
            throws: CLIError(
                "glwatch state \(cli.statePath) is not empty (it holds 3 project rows, 4 branchHead rows, 1 contributor "
                    + "row, 2 reportedCommit rows, 3 watchStart rows, 1 tagWatch row, 2 tag rows, 16 event rows, 20 delivery "
                    + "rows, 3 deliveryAttempt rows); nothing was imported — import into an empty state: a new database (or "
                    + "a dropped and re-created one), or a new state file"
            )
        ) { try await cli.run(["state", "import", "--state", cli.statePath, file]) }
    }

    @Test func testImport_malformedOrCutShortFile_refusesWithTheLineAndCreatesNothing() async throws {
        let file = try await export()
        var lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let target = cli.directory.file("never.db")

        lines[3] = "{\"table\":\"event\",\"row\":"
        let broken = try cli.write(lines.joined(separator: "\n") + "\n", to: "broken.jsonl")
        await #expect(throws: CLIError("\(broken), line 4: not a JSON object; nothing was imported")) {
            try await cli.run(["state", "import", "--state", target, broken])
        }

        let cut = try cli.write(lines.prefix(3).joined(separator: "\n") + "\n", to: "cut.jsonl")
        await #expect(
            throws: CLIError(
                "\(cut) is cut short after line 3 (no end line: was the export or the copy interrupted?); nothing was "
                    + "imported — export again"
            )
        ) { try await cli.run(["state", "import", "--state", target, cut]) }
        let missing = cli.directory.file("missing.jsonl")
        await #expect(throws: CLIError("cannot read \(missing): no such file, or not readable")) {
            try await cli.run(["state", "import", "--state", target, missing])
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func testImport_unreachablePostgres_namesTheHostNeverThePassword() async throws {
        let file = try await export()
        cli.environment["GLWATCH_DATABASE_URL"] = "postgres://glwatch:hunter2-secret@127.0.0.1:1/state?sslmode=disable"
        let config = try cli.write(
            "state:\n  postgres:\n    url_env: GLWATCH_DATABASE_URL\nsinks:\n  chat:\n    type: stdout\n"
                + "rules:\n  - name: all\n    notify: [chat]\n",
            to: "glwatch.yml"
        )

        do {
            try await cli.run(["state", "import", "--config", config, file])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(
                error.description.hasPrefix("cannot reach the PostgreSQL state database glwatch@127.0.0.1:1/state: ")
            )
            #expect(!error.description.contains("hunter2"))
        }
        #expect(!cli.output.text.contains("hunter2") && !cli.errors.text.contains("hunter2"))
    }

    /// How many rows the export in `file` holds.
    private func rows(_ file: String) throws -> Int {
        try StateDumpReader.read(try Data(contentsOf: URL(fileURLWithPath: file)), source: file).totalRows
    }
}
