import Foundation
import Testing

@testable import Watcher

/// The change feed's reader: one request when nothing was pushed, paging back only past the overlap window,
/// every event hinted exactly once — also when it becomes visible after a higher id, and when a page fails.
@Suite struct FeedReaderTests {
    private func reader(_ feed: ScriptedFeed, overlap: TimeInterval = 10, maximumPages: Int = 20) -> FeedReader {
        FeedReader(overlap: overlap, maximumPages: maximumPages, fetch: feed.fetcher)
    }

    @Test func testRead_theFirstReadPrimesFromOnePageWithoutHints() async {
        // Given a feed with history
        let feed = ScriptedFeed(perPage: 3)
        for id in 1...7 { feed.publish(Int64(id), second: Double(id)) }
        let reader = reader(feed)

        // When it is read the first time
        let read = await reader.read()

        // Then one page primes the cursor and nothing is hinted (every project is polled at start anyway)
        #expect(read.hints.isEmpty)
        #expect(feed.takeRequests() == [1])
        #expect(reader.isPrimed)
    }

    @Test func testRead_anIdleFeedCostsOneRequest() async {
        let feed = ScriptedFeed(perPage: 3)
        for id in 1...7 { feed.publish(Int64(id), second: Double(id) * 100) }
        let reader = reader(feed)
        _ = await reader.read()
        _ = feed.takeRequests()

        let read = await reader.read()

        #expect(read.hints.isEmpty)
        #expect(read.requests == 1)
        #expect(feed.takeRequests() == [1])
    }

    @Test func testRead_newPushesAreHintedOnceThoughTheOverlapReReadsThem() async {
        // Given a primed reader
        let feed = ScriptedFeed(perPage: 10)
        feed.publish(1, project: 1, second: 0)
        let reader = reader(feed)
        _ = await reader.read()

        // When two pushes arrive and the feed is read twice
        feed.publish(2, project: 7, ref: "main", second: 1)
        feed.publish(3, project: 8, ref: "feature", second: 2)
        let first = await reader.read()
        let second = await reader.read()

        // Then each is hinted once, newest first, with its project and ref
        #expect(first.hints == [FeedHint(eventID: 3, project: 8, ref: "feature"), FeedHint(eventID: 2, project: 7, ref: "main")])
        #expect(second.hints.isEmpty)
    }

    @Test func testRead_anEventVisibleAfterAHigherIDIsStillHinted() async {
        // Given event 3 was seen while event 2 (written by a slower background job) was not visible yet
        let feed = ScriptedFeed(perPage: 10)
        feed.publish(1, second: 0)
        let reader = reader(feed, overlap: 10)
        _ = await reader.read()
        feed.publish(3, project: 3, second: 5)
        let before = await reader.read()

        // When event 2 becomes visible
        feed.publish(2, project: 2, second: 4)
        let after = await reader.read()

        // Then it is hinted though a higher id was already read
        #expect(before.hints.map(\.eventID) == [3])
        #expect(after.hints.map(\.eventID) == [2])
    }

    @Test func testRead_pagesBackOnlyUntilPastTheOverlap() async {
        // Given a primed reader whose last read's newest event was at second 100
        let feed = ScriptedFeed(perPage: 2)
        for id in 1...10 { feed.publish(Int64(id), second: Double(id) * 10) }
        let reader = reader(feed, overlap: 15)
        _ = await reader.read()
        _ = feed.takeRequests()

        // When three more pushes arrive
        for id in 11...13 { feed.publish(Int64(id), second: 100 + Double(id - 10)) }
        let read = await reader.read()

        // Then it reads back to the first page older than 100 − 15 s, not the whole history
        #expect(read.hints.map(\.eventID) == [13, 12, 11])
        #expect(feed.takeRequests() == [1, 2, 3])
    }

    @Test func testRead_aPageFailingHalfWayKeepsItsHintsAndTheNextReadGoesBackAsFar() async {
        // Given a primed reader and five new pushes over three pages
        let feed = ScriptedFeed(perPage: 2)
        feed.publish(1, second: 0)
        let reader = reader(feed, overlap: 60)
        _ = await reader.read()
        for id in 2...6 { feed.publish(Int64(id), project: Int64(id), second: Double(id)) }

        // When page 2 fails
        feed.failPage(2)
        let failed = await reader.read()
        let retried = await reader.read()

        // Then page 1's hints come at once, the rest with the next read, none twice
        #expect(failed.hints.map(\.eventID) == [6, 5])
        #expect(failed.failure?.contains("500") == true)
        #expect(retried.hints.map(\.eventID) == [4, 3, 2])
        #expect(retried.failure == nil)
    }

    @Test func testRead_aBulkPushIsAHintWithoutRef() async {
        let feed = ScriptedFeed()
        feed.publish(1, second: 0)
        let reader = reader(feed)
        _ = await reader.read()

        feed.publish(2, project: 4, ref: nil, second: 1)
        let read = await reader.read()

        #expect(read.hints.count == 1)
        #expect(read.hints.first?.isBulk == true)
        #expect(read.hints.first?.project == 4)
    }

    @Test func testRead_stopsAtTheMaximumPages() async {
        let feed = ScriptedFeed(perPage: 1)
        feed.publish(1, second: 0)
        let reader = reader(feed, overlap: 1_000, maximumPages: 2)
        _ = await reader.read()
        _ = feed.takeRequests()
        for id in 2...6 { feed.publish(Int64(id), second: Double(id)) }

        let read = await reader.read()

        #expect(feed.takeRequests() == [1, 2])
        #expect(read.hints.map(\.eventID) == [6, 5])
    }
}
