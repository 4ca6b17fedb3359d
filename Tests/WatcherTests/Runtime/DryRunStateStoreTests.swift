import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("DryRunStateStore")
struct DryRunStateStoreTests {
    @Test func testApply_recordsTheChangeAndWritesNothing() async throws {
        // Given a real store with one project, wrapped
        let base = try SQLiteStateStore.inMemory()
        _ = try await base.apply(StateChange(at: Sample.time(), projects: [Sample.record(Sample.projectA)]))
        let dryRun = DryRunStateStore(base: base)

        // When the engine applies a change with an event for two sinks
        let change = Sample.change(events: [Sample.event("e1")], sinks: ["chat", "ops"])
        let result = try await dryRun.apply(change)

        // Then it is reported as written, recorded, and not stored
        #expect(result.insertedEventIDs == ["e1"])
        #expect(result.queuedDeliveries == 2)
        #expect(dryRun.changes == [change])
        #expect(try await base.count("SELECT COUNT(*) FROM event") == 0)
        #expect(try await base.count("SELECT COUNT(*) FROM project") == 1)
        // Reads still come from the real state
        #expect(try await dryRun.projectState(Sample.projectA)?.record.key == Sample.projectA)
    }
}
