import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("glwatch replay")
struct ReplayCommandTests {
    let cli = CLITestHarness()

    init() async throws {
        let store = try cli.openStore()
        try await CLIStateFixture.seed(store)
        try store.close()
    }

    @Test func testReplay_byIdPrefix_queuesTheEventForTheSink() async throws {
        let id = CLIStateFixture.id(of: .branchCreated)

        let text = try await cli.run(["replay", String(id.prefix(10)), "--sink", "ops", "--state", cli.statePath])

        #expect(text.hasPrefix("queued event \(EventReference.short(id)) for sink ops (delivery "))
        let store = try StateAccess.openForReading(cli.statePath)
        defer { try? store.close() }
        let queued = try await store.deliveries(DeliveryFilter(sink: "ops", eventID: id))
        #expect(queued.count == 1)
        #expect(queued[0].state == .pending)
        #expect(queued[0].rule == nil)
    }

    @Test func testReplay_unknownOrShortId_isRefused() async throws {
        for (reference, expected) in [
            ("ffffffffff", "no stored event with id ffffffffff (see `glwatch history`; old events are pruned)"),
            ("abc", "\"abc\" is not an event id: give the id `glwatch history` shows (at least 6 hex digits)"),
        ] {
            do {
                try await cli.run(["replay", reference, "--sink", "ops", "--state", cli.statePath])
                Issue.record("expected an error for \(reference)")
            } catch let error as CLIError {
                #expect(error.description == expected)
            }
        }
    }

    @Test func testReplay_sinkThatIsAURL_isRefusedWithoutEchoingIt() async throws {
        let id = CLIStateFixture.id(of: .branchCreated)
        do {
            try await cli.run(["replay", id, "--sink", "https://hooks.example.com/T0/secret", "--state", cli.statePath])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(!error.description.contains("secret"))
            #expect(error.description.hasPrefix("invalid sink name <redacted"))
        }
    }

    @Test func testReplay_whileTheWatcherRuns_refuses() async throws {
        let watcher = try cli.openStore()
        defer { try? watcher.close() }

        do {
            try await cli.run([
                "replay", CLIStateFixture.id(of: .branchCreated), "--sink", "ops", "--state", cli.statePath,
            ])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(error.description.hasPrefix("glwatch run is active (pid \(getpid()))"))
        }
    }

    @Test func testReplay_withAConfig_refusesASinkItDoesNotDefine() async throws {
        let config = try cli.write(
            "state:\n  path: \(cli.statePath)\nsinks:\n  chat:\n    type: stdout\nrules:\n  - name: all\n    notify: [chat]\n",
            to: "glwatch.yml"
        )

        do {
            try await cli.run(["replay", CLIStateFixture.id(of: .branchCreated), "--sink", "chta", "--config", config])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(error.description == "no sink named \"chta\" in \(config); its sinks: chat")
        }
        let queued = try await cli.run([
            "replay", CLIStateFixture.id(of: .branchCreated), "--sink", "chat", "--config", config,
        ])
        #expect(queued.hasPrefix("queued event"))
    }
}
