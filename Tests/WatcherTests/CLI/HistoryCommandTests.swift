import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("glwatch history")
struct HistoryCommandTests {
    let cli = CLITestHarness()

    init() async throws {
        let store = try cli.openStore()
        try await CLIStateFixture.seed(store)
        try store.close()
    }

    @Test func testHistory_default_listsEventsNewestFirstWithDeliveries() async throws {
        let lines = try await cli.run(["history", "--state", cli.statePath]).split(separator: "\n")

        #expect(lines.count == CLIStateFixture.events.count)  // one per sample event type
        let commits = try #require(lines.first { $0.contains("commits.new") })
        #expect(commits.hasPrefix(EventReference.short(CLIStateFixture.id(of: .commitsNew))))
        #expect(commits.contains("2 new commits on main in glwatch/sample"))
        #expect(commits.hasSuffix("[chat: pending, ops: dead]"))
        #expect(lines.first?.contains("watcher.lagging") == true)  // recorded last
        #expect(lines.last?.contains("commits.new") == true)
    }

    @Test func testHistory_filters_typeProjectSinceLimit() async throws {
        let typed = try await cli.run([
            "history", "--state", cli.statePath, "--type", "branch.created", "--type", "branch.deleted",
        ])
        #expect(typed.split(separator: "\n").count == 2)

        let byPath = try await cli.run(["history", "--state", cli.statePath, "--project", "glwatch/sample"])
        let byKey = try await cli.run(["history", "--state", cli.statePath, "--project", "gitlab.example.com/4242"])
        #expect(byPath.split(separator: "\n").count == CLIStateFixture.events.count)
        #expect(byKey == byPath)

        // now is Sample.time(3600); the force-push was recorded at Sample.time(-7200), the rest at Sample.time()
        let recent = try await cli.run(["history", "--state", cli.statePath, "--since", "2h"])
        #expect(recent.split(separator: "\n").count == CLIStateFixture.events.count - 1)
        #expect(!recent.contains("branch.force_pushed"))
        let sinceDate = try await cli.run(["history", "--state", cli.statePath, "--since", "2023-11-14T22:00:00Z"])
        #expect(sinceDate.split(separator: "\n").count == CLIStateFixture.events.count - 1)

        let limited = try await cli.run(["history", "--state", cli.statePath, "--limit", "3"])
        #expect(limited.split(separator: "\n").count == 3)
    }

    @Test func testHistory_noMatch_saysSo() async throws {
        let text = try await cli.run(["history", "--state", cli.statePath, "--since", "1m"])
        #expect(text == "no events since 1m matching the filters\n")
    }

    @Test func testHistory_json_carriesIdsDeliveriesAndPayloads() async throws {
        let text = try await cli.run(["history", "--state", cli.statePath, "--type", "commits.new", "--json"])

        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events[0]["id"] as? String == CLIStateFixture.id(of: .commitsNew))
        #expect(events[0]["summary"] as? String == "2 new commits on main in glwatch/sample")
        let deliveries = try #require(events[0]["deliveries"] as? [[String: Any]])
        #expect(deliveries.map { $0["sink"] as? String } == ["chat", "ops"])
        #expect(deliveries.map { $0["state"] as? String } == ["pending", "dead"])
        let payload = try #require(events[0]["event"] as? [String: Any])
        #expect(payload["type"] as? String == "commits.new")
    }

    @Test func testHistory_badArguments_areRejectedClearly() async throws {
        await #expect(throws: CLIError.self) {
            try await cli.run(["history", "--state", cli.statePath, "--since", "yesterday"])
        }
        do {
            try await cli.run(["history", "--state", cli.statePath, "--project", "nope/nope"])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(error.description == "no watched project nope/nope; known: glwatch/sample")
        }
        #expect(throws: (any Error).self) { try GLWatch.parseAsRoot(["history", "--type", "commit.new"]) }
        let message = GLWatch.message(
            for: CLIErrorCapture.error { _ = try GLWatch.parseAsRoot(["history", "--type", "commit.new"]) }
        )
        #expect(message.contains("unknown event type \"commit.new\"; known types: commits.new"))
    }
}

/// Captures a thrown error, for asserting ArgumentParser's message for it.
enum CLIErrorCapture {
    static func error(_ body: () throws -> Void) -> any Error {
        do {
            try body()
        } catch {
            return error
        }
        return CLIError("no error was thrown")
    }
}
