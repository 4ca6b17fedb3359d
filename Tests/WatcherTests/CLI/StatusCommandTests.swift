import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("glwatch status")
struct StatusCommandTests {
    let cli = CLITestHarness()

    private func seed() async throws {
        let store = try cli.openStore()
        try await CLIStateFixture.seed(store)
        try store.close()
    }

    @Test func testStatus_seededState_showsProjectsAndSinkQueues() async throws {
        // Given a state with one project polled 10 s ago and deliveries waiting and dead
        try await seed()

        // When
        let text = try await cli.run(["status", "--state", cli.statePath])

        // Then
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("PROJECT"))
        #expect(lines[1].contains("glwatch/sample"))
        #expect(lines[1].contains("active"))
        #expect(lines[1].contains("10s ago"))  // last poll
        #expect(lines[1].contains("1m"))  // lag: last success 60 s ago
        #expect(lines[1].contains("1 (HTTP 503)"))
        #expect(lines[1].contains("main@abcdef12"))
        #expect(lines[2].hasPrefix("SINK"))
        // chat: every sample event, one delivered → the rest waiting; ops: its one delivery is dead
        let waiting = Substring("\(CLIStateFixture.events.count - 1)")
        #expect(lines[3].split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["chat", waiting, "0"])
        #expect(lines[4].split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["ops", "0", "1"])
    }

    @Test func testStatus_stalledProject_saysStalled_withTheFailureCountAndTheError() async throws {
        // Given the sample project stalled: its polls failed the same way five times (a 404 no retry gets past)
        try await seed()
        let store = try cli.openStore()
        var record = ProjectRecord(key: CLIStateFixture.project, path: SampleEvents.project.path)
        record.lastPollAt = Sample.time(3590)
        record.lastSuccessAt = Sample.time(3000)
        record.status = .stalled
        record.consecutiveFailures = 5
        record.lastError = "HTTP 404 Merge Base Not Found"
        _ = try await store.apply(StateChange(at: Sample.time(3590), projects: [record]))
        try store.close()

        // When
        let text = try await cli.run(["status", "--state", cli.statePath])
        let json = try await cli.run(["status", "--state", cli.statePath, "--json"])

        // Then its row says stalled, how many polls failed and why; the JSON says the same
        let row = try #require(text.split(separator: "\n").first { $0.contains("glwatch/sample") })
        let columns = row.split(separator: " ", omittingEmptySubsequences: true)
        #expect(columns.dropFirst().first == "stalled")
        #expect(row.contains("5 (HTTP 404 Merge Base Not Found)"))
        #expect(json.contains("\"status\" : \"stalled\""))
    }

    @Test func testStatus_afterAWebhook_showsALastHookColumn() async throws {
        // Given the seeded state, and GitLab's last webhook for the project 5 minutes ago (instant mode)
        try await seed()
        let store = try cli.openStore()
        try await store.recordHooks([IdlePoll(project: CLIStateFixture.project, at: cli.now.addingTimeInterval(-300))])
        try store.close()

        // When
        let text = try await cli.run(["status", "--state", cli.statePath])
        let json = try await cli.run(["status", "--state", cli.statePath, "--json"])

        // Then the table has a LAST HOOK column with its age, and the JSON the time
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("LAST HOOK"))
        #expect(lines[1].contains("5m ago"))
        #expect(json.contains("\"lastHookAt\""))
    }

    @Test func testStatus_withoutWebhooks_hasNoLastHookColumn() async throws {
        try await seed()

        let text = try await cli.run(["status", "--state", cli.statePath])

        #expect(!text.contains("LAST HOOK"))
    }

    @Test func testStatus_json_hasTheDocumentedShape() async throws {
        try await seed()

        let text = try await cli.run(["status", "--state", cli.statePath, "--json"])

        let report = try EventJSON.decoder().decode(StatusReport.self, from: Data(text.utf8))
        #expect(report.version == 1)
        #expect(report.generatedAt == cli.now)
        #expect(report.projects.count == 1)
        let project = try #require(report.projects.first)
        #expect(project.key == "gitlab.example.com/4242")
        #expect(project.lagSeconds == 60)
        #expect(project.consecutiveFailures == 1)
        #expect(
            project.heads == [
                StatusReport.Head(
                    branch: "main",
                    sha: "abcdef1234567890abcdef1234567890abcdef12",
                    updatedAt: Sample.time()
                )
            ]
        )
        #expect(report.sinks.map(\.name) == ["chat", "ops"])
        #expect(report.sinks.map(\.queueDepth) == [CLIStateFixture.events.count - 1, 0])
        #expect(report.sinks.map(\.deadLetters) == [0, 1])
        #expect(report.sinks[0].oldestWaitingAt == Sample.time())
        // Stable key names scripts rely on
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["version", "generatedAt", "state", "projects", "sinks"])
    }

    @Test func testStatus_noStateYet_saysHowToCreateIt() async throws {
        await #expect(throws: CLIError.self) { try await cli.run(["status", "--state", cli.statePath]) }
        do {
            try await cli.run(["status", "--state", cli.statePath])
        } catch let error as CLIError {
            #expect(error.description.hasPrefix("no glwatch state at \(cli.statePath) yet"))
            #expect(!FileManager.default.fileExists(atPath: cli.statePath))  // inspecting created nothing
        }
    }

    @Test func testStatus_emptyState_saysNothingIsWatched() async throws {
        try cli.openStore().close()

        let text = try await cli.run(["status", "--state", cli.statePath])

        #expect(text == "no projects watched yet (state: \(cli.statePath))\nno deliveries waiting, no dead letters\n")
    }

    @Test func testStatus_whileTheWatcherHoldsTheLock_stillReads() async throws {
        let store = try cli.openStore()
        try await CLIStateFixture.seed(store)
        defer { try? store.close() }

        let text = try await cli.run(["status", "--state", cli.statePath, "--json"])

        #expect(try EventJSON.decoder().decode(StatusReport.self, from: Data(text.utf8)).projects.count == 1)
    }

    @Test func testStatus_defaultStatePath_followsXDGStateHome() async throws {
        cli.environment = ["XDG_STATE_HOME": cli.directory.path, "HOME": "/nonexistent"]
        let store = try SQLiteStateStore(StoreConfiguration(path: cli.directory.file("glwatch/state.db")))
        try await CLIStateFixture.seed(store)
        try store.close()

        let text = try await cli.run(["status"])

        #expect(text.contains("glwatch/sample"))
    }

    @Test func testStatus_withAConfig_findsItsStateAndListsEveryConfiguredSink() async throws {
        try await seed()
        let config = try cli.write(
            """
            state:
              path: \(cli.statePath)
            sinks:
              chat:
                type: stdout
              quiet:
                type: stdout
            rules:
              - name: everything
                notify: [chat]
            """,
            to: "glwatch.yml"
        )

        let text = try await cli.run(["status", "--config", config, "--json"])

        let report = try EventJSON.decoder().decode(StatusReport.self, from: Data(text.utf8))
        #expect(report.state == cli.statePath)
        #expect(report.sinks.map(\.name) == ["chat", "ops", "quiet"])
        #expect(report.sinks.last == StatusReport.Sink(name: "quiet", queueDepth: 0, deadLetters: 0))
    }

    @Test func testStatus_brokenConfigInTheDefaultPlace_ignoredWithState_reportedWithout() async throws {
        // Given a config in ~/.config/glwatch that does not load (an unset variable)
        try await seed()
        cli.environment = ["HOME": cli.directory.path]
        try FileManager.default.createDirectory(
            atPath: cli.directory.file(".config/glwatch"),
            withIntermediateDirectories: true
        )
        _ = try cli.write(
            "sinks:\n  chat:\n    type: slack\n    url_env: UNSET_SLACK_URL\n",
            to: ".config/glwatch/config.yml"
        )

        // When / Then: with --state it is not read; without, its errors are shown
        let text = try await cli.run(["status", "--state", cli.statePath])
        #expect(text.contains("glwatch/sample"))
        do {
            try await cli.run(["status"])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(error.description.hasPrefix("the config has errors (or pass --state PATH):\n"))
            #expect(error.description.contains("UNSET_SLACK_URL"))
        }
    }
}
