import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// Projects that left the watch while glwatch was stopped leave it the same way as when it runs: a last poll,
/// then `project.removed` (issue 12, findings 5 and 6, across a restart).
@Suite struct WatchEngineDeparturesWhileDownTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testArchivedWhileGlwatchWasDown_itsLastPushIsAnnounced_andTheDepartureIsAnEvent() async throws {
        // Given a watched project, then glwatch stops; the project is pushed to and archived meanwhile
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let old = fake.addProject("acme/old")
        old.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()
            let pushed = old.commits(2, by: [ann])
            old.archive()

            // When glwatch starts again (its discovery no longer lists the project)
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()

            // Then the push is announced by a last poll, and project.removed says it was archived
            let events = try await harness.events(of: old)
            #expect(events.map(\.type) == [.commitsNew, .projectRemoved])
            #expect(events.first?.commits.map(\.id) == pushed)
            guard case .projectRemoved(let details) = events.last?.details else { return }
            #expect(details.reason == "archived")
            #expect(details.lastHeads == ["main": pushed.last!])
            let status = try await harness.status(of: old)
            #expect(status == .archived)
        }
    }

    @Test func testArchivedWhileDown_beforeItsBaselineWasWritten_thePushSinceTheWatchStartIsAnnounced() async throws {
        // Given a project glwatch began watching whose first poll failed (no baseline), then glwatch stops; the
        // project is pushed to and archived meanwhile
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let old = fake.addProject("acme/old")
        old.commits(1, by: [ann])
        let budget = LossBudget()
        budget.set(1)
        let wrap = RewritingTransport.forbiddingRecord(of: old.id, while: budget)
        try await EngineTestHarness.run(fake, wrap: wrap) { harness throws in
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()
            #expect(try await harness.store.unbaselinedProjects() == [harness.key(old)])
            let pushed = old.commits(2, by: [ann])
            old.archive()

            // When glwatch starts again (its discovery no longer lists the project)
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()

            // Then a last poll wrote the baseline as of the watch start and announced the push
            let events = try await harness.events(of: old)
            #expect(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id) == pushed)
            #expect(try await harness.store.unbaselinedProjects().isEmpty)
        }
    }

    @Test func testDeletedWhileGlwatchWasDown_isAProjectRemovedEvent_once() async throws {
        // Given a watched project, then glwatch stops and the project is deleted
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let gone = fake.addProject("acme/gone")
        let head = gone.commits(1, by: [ann]).last!
        try await EngineTestHarness.run(fake) { harness in
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()
            gone.delete()

            // When glwatch starts again, twice
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()

            // Then one project.removed names the reason and the last head; the project is marked removed
            let events = try await harness.events(of: gone)
            #expect(events.map(\.type) == [.projectRemoved])
            guard case .projectRemoved(let details) = events.first?.details else { return }
            #expect(details.reason == "deleted or no longer visible")
            #expect(details.lastHeads == ["main": head])
            let status = try await harness.status(of: gone)
            #expect(status == .removed)
        }
    }
}
