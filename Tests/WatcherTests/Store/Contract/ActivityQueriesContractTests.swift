import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("State store contract: ActivityQueries", .closesStores)
struct ActivityQueriesContractTests {
    @Test(arguments: StoreKind.available)
    func testEventCounts_perBucket_onlyInsideTheWindow(_ kind: StoreKind) async throws {
        // Given the CLI fixture: its events at t (the force-push at t−2h)
        let store = try await kind.database().open()
        try await CLIStateFixture.seed(store)
        let events = CLIStateFixture.events.count

        // When counted per hour over the 3 hours up to t+30m, and over the hour up to t (t itself excluded)
        let counts = try await store.eventCounts(until: Sample.time(1800), width: 3600, buckets: 3)
        let before = try await store.eventCounts(until: Sample.time(), width: 3600, buckets: 1)

        // Then each event lands in its hour; the window's end is exclusive
        #expect(counts == [1, 0, events - 1])
        #expect(before == [0])
        #expect(try await store.eventCounts(until: Sample.time(), width: 3600, buckets: 0) == [])
    }
}
