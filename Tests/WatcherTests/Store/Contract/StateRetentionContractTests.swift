import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("State store contract: retention", .closesStores)
struct StateRetentionContractTests {
    let day: TimeInterval = 24 * 3600

    private func deliverAll(_ store: any ContractStore, sink: String = "ops", at seconds: TimeInterval) async throws {
        while let head = try await store.nextDue(sink: sink, now: Sample.time(seconds), limit: 1).first {
            try await store.record(DeliveryAttempt(at: Sample.time(seconds), outcome: .delivered), forDelivery: head.id)
        }
    }

    @Test(arguments: StoreKind.available)
    func testPrune_deletesOnlyOldFullyDeliveredEvents(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given, 40 days ago: old-delivered (delivered), old-waiting (pending), old-dead (dead), old-silent (no
        // delivery); and recent-delivered from yesterday
        _ = try await store.apply(Sample.change(events: [Sample.event("old-delivered", at: 0)]))
        try await deliverAll(store, at: 0)
        _ = try await store.apply(Sample.change(events: [Sample.event("old-dead", project: Sample.projectB, at: 1)]))
        let dead = try #require(try await store.nextDue(sink: "ops", now: Sample.time(1), limit: 1).first)
        try await store.record(DeliveryAttempt(at: Sample.time(1), outcome: .dead), forDelivery: dead.id)
        _ = try await store.apply(Sample.change(events: [Sample.event("old-silent", at: 2)], sinks: []))
        _ = try await store.apply(Sample.change(events: [Sample.event("old-waiting", at: 3)], sinks: ["chat"]))
        _ = try await store.apply(Sample.change(events: [Sample.event("recent-delivered", at: 39 * day)]))
        try await deliverAll(store, at: 39 * day)

        // When pruning at day 40 with a 30-day age
        let result = try await store.prune(RetentionPolicy(deliveredEventMaxAge: 30 * day), now: Sample.time(40 * day))

        // Then the old delivered and the old silent events are gone, with their deliveries and history
        #expect(result.events == 2)
        #expect(
            Set(try await store.recentEvents(EventFilter()).map(\.event.id))
                == ["old-dead", "old-waiting", "recent-delivered"]
        )
        #expect(try await store.count("SELECT COUNT(*) FROM delivery") == 3)
        #expect(try await store.count("SELECT COUNT(*) FROM deliveryAttempt") == 2)
    }

    @Test(arguments: StoreKind.available)
    func testPrune_reportedCommits_keepsTheNewestPerProject(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given 7 commits reported in A (in three polls) and 2 in B
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA), Sample.record(Sample.projectB)],
                reportedCommits: [
                    .init(project: Sample.projectA, shas: (1...3).map(Sample.sha)),
                    .init(project: Sample.projectB, shas: [Sample.sha(100), Sample.sha(101)]),
                ]
            )
        )
        _ = try await store.apply(
            StateChange(
                at: Sample.time(1),
                reportedCommits: [.init(project: Sample.projectA, shas: (4...5).map(Sample.sha))]
            )
        )
        _ = try await store.apply(
            StateChange(
                at: Sample.time(2),
                reportedCommits: [.init(project: Sample.projectA, shas: (6...7).map(Sample.sha))]
            )
        )

        // When pruning to 3 per project
        let result = try await store.prune(RetentionPolicy(reportedCommitsPerProject: 3), now: Sample.time(3))

        // Then A keeps its 3 newest, B keeps both
        #expect(result.reportedCommits == 4)
        #expect(
            try await store.reportedCommits(in: Sample.projectA, among: (1...7).map(Sample.sha))
                == Set((5...7).map(Sample.sha))
        )
        #expect(
            try await store.reportedCommits(in: Sample.projectB, among: [Sample.sha(100), Sample.sha(101)]).count == 2
        )
    }

    @Test(arguments: StoreKind.available)
    func testPrune_smallBatches_usesOneShortTransactionPerBatch(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given 5 delivered old events and 5 commits beyond the bound
        _ = try await store.apply(Sample.change(events: (1...5).map { Sample.event("e\($0)", at: TimeInterval($0)) }))
        try await deliverAll(store, at: 10)
        _ = try await store.apply(
            StateChange(
                at: Sample.time(10),
                reportedCommits: [.init(project: Sample.projectA, shas: (1...6).map(Sample.sha))]
            )
        )

        // When pruning in batches of 2
        let result = try await store.prune(
            RetentionPolicy(deliveredEventMaxAge: 0, reportedCommitsPerProject: 1, batchSize: 2),
            now: Sample.time(100)
        )

        // Then everything eligible went, in batches of 2: events 2+2+1, commits 2+2+1
        #expect(result == PruneResult(events: 5, reportedCommits: 5, transactions: 6))
        #expect(try await store.count("SELECT COUNT(*) FROM event") == 0)
        #expect(try await store.count("SELECT COUNT(*) FROM reportedCommit") == 1)
    }

    @Test(arguments: StoreKind.available)
    func testPrune_nothingEligible_changesNothing(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        _ = try await store.apply(Sample.change(events: [Sample.event("e1")]))
        let result = try await store.prune(RetentionPolicy(), now: Sample.time(60))
        #expect(result == PruneResult(events: 0, reportedCommits: 0, transactions: 1))
        #expect(try await store.count("SELECT COUNT(*) FROM event") == 1)
    }

    @Test(arguments: StoreKind.available)
    func testPrune_invalidPolicy_isRefused(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        await #expect(throws: StateStoreError.self) {
            try await store.prune(RetentionPolicy(batchSize: 0), now: Sample.time(0))
        }
    }
}
