import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("glwatch deliveries")
struct DeliveriesCommandTests {
    let cli = CLITestHarness()

    init() async throws {
        let store = try cli.openStore()
        try await CLIStateFixture.seed(store)
        try store.close()
    }

    @Test func testDeliveries_default_listsWaitingAndDead() async throws {
        let lines = try await cli.run(["deliveries", "--state", cli.statePath]).split(separator: "\n")

        #expect(lines[0].hasPrefix("ID"))
        #expect(lines.count == 1 + (CLIStateFixture.events.count - 1) + 1)  // header, all but one waiting for chat, 1 dead for ops
        let dead = try #require(lines.first { $0.contains(" dead ") })
        #expect(dead.contains("ops"))
        #expect(dead.contains("dead 59m ago"))
        #expect(dead.hasSuffix("HTTP 404: the webhook is gone"))
        #expect(!lines.contains { $0.contains("delivered") })
    }

    @Test func testDeliveries_onlyAndSink_filter() async throws {
        let dead = try await cli.run(["deliveries", "--state", cli.statePath, "--only", "dead"])
        #expect(dead.split(separator: "\n").count == 2)

        let delivered = try await cli.run(["deliveries", "--state", cli.statePath, "--only", "delivered", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(delivered.utf8)) as? [String: Any])
        let rows = try #require(report["deliveries"] as? [[String: Any]])
        #expect(rows.map { $0["eventType"] as? String } == ["contributor.new"])
        #expect(rows[0]["deliveredAt"] as? String == EventJSON.format(Sample.time(30)))

        let chat = try await cli.run(["deliveries", "--state", cli.statePath, "--sink", "ops"])
        #expect(chat.split(separator: "\n").count == 2)
    }

    @Test func testDeliveries_attempts_showTheHistory() async throws {
        let text = try await cli.run(["deliveries", "--state", cli.statePath, "--attempts"])

        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)  // header, the delivered attempt (newest first), the dead one
        #expect(lines[1].contains("delivered"))
        #expect(lines[2].contains("dead"))
        #expect(lines[2].contains("404"))

        let ops = try await cli.run(["deliveries", "--state", cli.statePath, "--attempts", "--sink", "ops", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(ops.utf8)) as? [String: Any])
        let attempts = try #require(report["attempts"] as? [[String: Any]])
        #expect(attempts.count == 1)
        #expect(attempts[0]["outcome"] as? String == "dead")
        #expect(attempts[0]["httpStatus"] as? Int == 404)
    }

    @Test func testDeliveries_retry_requeuesTheDeadLetter() async throws {
        let deadID = try await deadLetterID()

        let text = try await cli.run(["deliveries", "--state", cli.statePath, "--retry", String(deadID)])

        #expect(text == "re-queued dead letter \(deadID); the next `glwatch run` or `glwatch once` sends it\n")
        let store = try StateAccess.openForReading(cli.statePath)
        defer { try? store.close() }
        let record = try #require(try await store.deliveries(DeliveryFilter(sink: "ops")).first)
        #expect(record.id == deadID)
        #expect(record.state == .pending)
        #expect(record.nextAttemptAt == cli.now)
    }

    @Test func testDeliveries_retryWhatIsNotDead_isRefused() async throws {
        let waiting = try await cli.run(["deliveries", "--state", cli.statePath, "--sink", "chat", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(waiting.utf8)) as? [String: Any])
        let id = try #require((report["deliveries"] as? [[String: Any]])?.first?["id"] as? Int)

        do {
            try await cli.run(["deliveries", "--state", cli.statePath, "--retry", String(id)])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(error.description == "delivery \(id) is pending, not a dead letter")
        }
    }

    @Test func testDeliveries_retryAll_requeuesEveryDeadLetter() async throws {
        let text = try await cli.run(["deliveries", "--state", cli.statePath, "--retry-all"])
        #expect(text.hasPrefix("re-queued 1 dead letter;"))

        let again = try await cli.run(["deliveries", "--state", cli.statePath, "--retry-all", "--sink", "ops"])
        #expect(again == "no dead letters of sink ops to re-queue\n")
    }

    @Test func testDeliveries_retryWhileTheWatcherRuns_refusesNamingItsPid() async throws {
        // Given a watcher holding the single-writer lock (here: a read-write store in this process)
        let watcher = try cli.openStore()
        defer { try? watcher.close() }
        let deadID = try await deadLetterID()

        // When / Then
        do {
            try await cli.run(["deliveries", "--state", cli.statePath, "--retry", String(deadID)])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(
                error.description.hasPrefix(
                    "glwatch run is active (pid \(getpid())) on \(cli.statePath); re-queueing a dead letter needs the "
                        + "state's single-writer lock. Stop the watcher"
                )
            )
        }
        // Nothing changed
        #expect(try await watcher.deliveries(DeliveryFilter(states: [.dead])).count == 1)
    }

    @Test func testDeliveries_conflictingFlags_areRejected() throws {
        #expect(throws: (any Error).self) { try GLWatch.parseAsRoot(["deliveries", "--retry", "1", "--retry-all"]) }
        #expect(throws: (any Error).self) { try GLWatch.parseAsRoot(["deliveries", "--only", "lost"]) }
        #expect(throws: (any Error).self) { try GLWatch.parseAsRoot(["deliveries", "--delivery", "3"]) }
    }

    private func deadLetterID() async throws -> Int64 {
        let store = try StateAccess.openForReading(cli.statePath)
        defer { try? store.close() }
        return try #require(try await store.deliveries(DeliveryFilter(states: [.dead])).first).id
    }
}
