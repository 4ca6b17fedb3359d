import Foundation
import GRDB
import Notifier
import Testing

@testable import Watcher

/// Disk full during a write, simulated with `PRAGMA max_page_count` on the store's writer connection: SQLite then
/// fails exactly as on a full disk (`SQLITE_FULL`) once the database would grow past the cap.
@Suite("SQLiteStateStore: disk full")
struct SQLiteStateStoreDiskFullTests {
    let directory = TemporaryDirectory()

    /// Everything observable in the store, for before/after comparisons.
    private struct Snapshot: Equatable {
        var projects: [ProjectState]
        var events: [StoredEvent]
        var reportedCommits: Int
        var contributors: Int
    }

    private func snapshot(_ store: SQLiteStateStore) async throws -> Snapshot {
        Snapshot(
            projects: try await store.projectStates(),
            events: try await store.recentEvents(EventFilter(limit: 1000)),
            reportedCommits: try await store.count("SELECT COUNT(*) FROM reportedCommit"),
            contributors: try await store.count("SELECT COUNT(*) FROM contributor")
        )
    }

    private func capSize(_ store: SQLiteStateStore, extraPages: Int) async throws {
        try await store.writer.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages + extraPages)")
        }
    }

    @Test func testApply_diskFull_leavesEverythingAsBeforeAndWorksOnceSpaceIsFreed() async throws {
        // Given a store with some state
        let path = directory.file("state.db")
        let store = try SQLiteStateStore(StoreConfiguration(path: path))
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA)],
                heads: [.set(project: Sample.projectA, branch: "main", sha: Sample.sha(1))],
                contributors: [
                    .init(
                        project: Sample.projectA,
                        contributor: Contributor(
                            email: "ann@example.com",
                            name: "Ann",
                            firstCommit: Sample.sha(1),
                            firstSeenAt: Sample.time(0)
                        )
                    )
                ],
                reportedCommits: [.init(project: Sample.projectA, shas: (1...10).map(Sample.sha))],
                events: [
                    PlannedEvent(
                        event: Sample.event("e1"),
                        deliveries: [PlannedDelivery(sink: "ops", rule: "all", notBefore: Sample.time(0))]
                    )
                ]
            )
        )
        let before = try await snapshot(store)

        // And a disk with room for only two more pages
        try await capSize(store, extraPages: 2)

        // When a big poll is applied (a 5,000-commit push with a large event)
        var bigEvent = Sample.event("big", at: 60)
        bigEvent.payload = Data(repeating: UInt8(ascii: "x"), count: 200_000)
        let big = StateChange(
            at: Sample.time(60),
            heads: [.set(project: Sample.projectA, branch: "main", sha: Sample.sha(99_999))],
            contributors: [
                .init(
                    project: Sample.projectA,
                    contributor: Contributor(
                        email: "bob@example.com",
                        name: "Bob",
                        firstCommit: Sample.sha(50),
                        firstSeenAt: Sample.time(60)
                    )
                )
            ],
            reportedCommits: [.init(project: Sample.projectA, shas: (100..<5100).map(Sample.sha))],
            events: [
                PlannedEvent(
                    event: bigEvent,
                    deliveries: [PlannedDelivery(sink: "ops", rule: "all", notBefore: Sample.time(60))]
                )
            ]
        )

        // Then it fails as disk full
        await #expect(throws: StateStoreError.diskFull(path: path)) { try await store.apply(big) }

        // And nothing of it is stored, and the database is sound
        #expect(try await snapshot(store) == before)
        let integrity = try await store.writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == ["ok"])

        // When space is freed, the same change goes through
        try await capSize(store, extraPages: 1_000_000)
        #expect(try await store.apply(big).insertedEventIDs == ["big"])
        #expect(try await store.projectState(Sample.projectA)?.head(of: "main") == Sample.sha(99_999))
        #expect(try await store.count("SELECT COUNT(*) FROM reportedCommit") == 5010)
        try store.close()
    }
}
