import Foundation
import Synchronization

@testable import Watcher

/// A feed for `FeedReader` tests: push events a test makes visible, served newest first in pages of `perPage`,
/// with a page that can be made to fail once.
final class ScriptedFeed: Sendable {
    private struct State {
        var events: [GitLabEvent] = []
        var failingPage: Int?
        var requests: [Int] = []
    }

    let perPage: Int
    private let state = Mutex(State())
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    init(perPage: Int = 3) { self.perPage = perPage }

    /// Makes a push event visible: `id`, project, ref (`nil`: bulk), created `second`s after the start.
    func publish(_ id: Int64, project: Int64 = 1, ref: String? = "main", second: TimeInterval) {
        let push = GitLabPushData(commitCount: ref == nil ? 0 : 1, action: .pushed, refType: "branch", ref: ref)
        let event = GitLabEvent(id: id, projectID: project, createdAt: start.addingTimeInterval(second), pushData: push)
        state.withLock { $0.events.append(event) }
    }

    /// Makes page `number` of the next read fail with a 500.
    func failPage(_ number: Int) { state.withLock { $0.failingPage = number } }

    /// The page numbers fetched so far; clears them.
    func takeRequests() -> [Int] {
        state.withLock { state in
            defer { state.requests = [] }
            return state.requests
        }
    }

    /// The fetcher to give a `FeedReader`.
    var fetcher: FeedReader.PageFetcher {
        { number throws(GitLabError) in
            let (page, fail) = self.state.withLock { state -> (GitLabPage<GitLabEvent>, Bool) in
                state.requests.append(number)
                let fail = state.failingPage == number
                if fail { state.failingPage = nil }
                let sorted = state.events.sorted { $0.id > $1.id }
                let start = min((number - 1) * self.perPage, sorted.count)
                let items = Array(sorted[start..<min(start + self.perPage, sorted.count)])
                let next = items.count == self.perPage ? number + 1 : nil
                return (GitLabPage(items: items, number: number, perPage: self.perPage, nextPage: next), fail)
            }
            if fail {
                throw GitLabError.server(
                    GitLabErrorContext(host: "gitlab.test", method: "GET", endpoint: "/events", resource: "the feed"),
                    status: 500,
                    message: nil
                )
            }
            return page
        }
    }
}
