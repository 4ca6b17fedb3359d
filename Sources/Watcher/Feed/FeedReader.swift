import Foundation
import Synchronization

/// Reads the change feed of one GitLab instance and token (`GET /events?scope=all&action=pushed&sort=desc`),
/// newest first, paging back only until it has passed the window of its `FeedCursor`: one request per read
/// when nothing was pushed, one more per 100 events pushed within the overlap.
///
/// Reads run one at a time (the engine schedules them); each returns the hints of the events not seen before.
final class FeedReader: Sendable {
    /// What one read found.
    struct Read: Sendable, Equatable {
        /// The new push events, newest first, as hints.
        var hints: [FeedHint]
        /// Feed requests sent.
        var requests: Int
        /// Why the read stopped early (the GitLab error names the status); its hints are still good.
        var failure: String?
    }

    /// Fetches page `n` (1-based) of the feed.
    typealias PageFetcher = @Sendable (Int) async throws(GitLabError) -> GitLabPage<GitLabEvent>

    /// The most pages one read follows; the sweep catches whatever lies further back.
    let maximumPages: Int
    private let fetch: PageFetcher
    private let cursor: Mutex<FeedCursor>

    /// Creates a reader on `fetch`, going back `overlap` seconds past the last complete read.
    init(overlap: TimeInterval, maximumPages: Int = 20, fetch: @escaping PageFetcher) {
        self.maximumPages = max(1, maximumPages)
        self.fetch = fetch
        self.cursor = Mutex(FeedCursor(overlap: overlap))
    }

    /// Creates a reader of `client`'s feed (100 events per page, GitLab's maximum).
    convenience init(client: GitLabClient, overlap: TimeInterval, maximumPages: Int = 20) {
        var options = GitLabEventListOptions.pushes
        options.sort = .descending
        options.perPage = 100
        let paginator = client.events.feed(options: options)
        self.init(overlap: overlap, maximumPages: maximumPages) { number throws(GitLabError) in
            try await paginator.page(number)
        }
    }

    /// Whether a first read completed (before that, reads only prime the cursor and hint nothing).
    var isPrimed: Bool { cursor.withLock { $0.isPrimed } }

    /// The `created_at` of the newest event at the last complete read (`nil` before one): what a successor must go
    /// on from (`resume(at:)`).
    var reference: Date? { cursor.withLock { $0.reference } }

    /// Goes on from `reference`, another reader's (`FeedCursor.resume(at:)`).
    func resume(at reference: Date) {
        cursor.withLock { $0.resume(at: reference) }
    }

    /// Makes the next read hint the events `ids` again (`FeedCursor.unsee(_:)`).
    func unsee(_ ids: [Int64]) {
        cursor.withLock { $0.unsee(ids) }
    }

    /// One read: pages back until past the overlap window (or the end, or `maximumPages`).
    func read() async -> Read {
        var hints: [FeedHint] = []
        var number = 1
        while true {
            let page: GitLabPage<GitLabEvent>
            do {
                page = try await fetch(number)
            } catch {
                cursor.withLock { $0.abandonRead() }
                return Read(hints: hints, requests: number, failure: String(describing: error))
            }
            let (fresh, done) = cursor.withLock { cursor in
                let fresh = cursor.take(page.items)
                // A short or empty page is not the end (GitLab filters pages after fetching): only "next" is.
                let reachedBack = page.items.last.map(cursor.reachedBack(to:)) ?? false
                return (fresh, reachedBack || !page.hasNext || number >= maximumPages)
            }
            hints += fresh.compactMap(FeedHint.init)
            if done { break }
            number += 1
        }
        cursor.withLock { $0.completeRead() }
        return Read(hints: hints, requests: number)
    }
}
