import Foundation

/// A GitLab list, loaded page by page: lazily (nothing is requested until asked), in GitLab's order, following
/// GitLab's own next-page pointers rather than a page count.
///
/// - `self[3]`, `self[1...4]`: pages by number; a range loads concurrently (at most `maximumConcurrentPages` at
///   a time) and returns the pages in order.
/// - `loadAll()`: every item. With totals it fetches the remaining pages concurrently; without them (commits,
///   keyset, above 10,000 items) it keeps a window of speculative requests ahead and stops at the first page
///   without a next — at most `maximumConcurrentPages - 1` requests are wasted past the end.
/// - `pages()` (Rx) or `for try await page in paginator` (async): each page in order, the next requested only
///   after the current one was handled, so huge lists are processed in constant memory.
/// - `totalItems()`/`totalPages()`: `nil` when GitLab omits them — always for commits, and above 10,000 items.
///
/// Offset pagination follows `X-Next-Page` (or `Link: rel="next"`); keyset pagination (`pagination=keyset`,
/// where GitLab offers it) follows `Link: rel="next"` only, on the client's own host.
public final class Paginator<Item: Decodable & Sendable>: Sendable {
    /// How the list is paged.
    enum Mode: Sendable {
        case offset
        case keyset
    }

    /// Where the next page comes from.
    enum Cursor: Sendable {
        case page(Int)
        case link(URL, number: Int)
    }

    let executor: GitLabRequestExecutor
    let request: GitLabRequest
    let mode: Mode
    /// Items per page.
    public let perPage: Int
    /// How many pages load at once for ranges and `loadAll()`.
    public let maximumConcurrentPages: Int

    init(executor: GitLabRequestExecutor, request: GitLabRequest, mode: Mode, perPage: Int?, concurrency: Int? = nil) {
        self.executor = executor
        self.request = request
        self.mode = mode
        self.perPage = Swift.min(Swift.max(perPage ?? executor.configuration.perPage, 1), 100)
        self.maximumConcurrentPages = Swift.max(1, concurrency ?? executor.configuration.maximumConcurrentPages)
    }

    /// The same list, loading at most `count` pages at once (1: strictly one after the other).
    public func withMaximumConcurrentPages(_ count: Int) -> Paginator<Item> {
        Paginator(executor: executor, request: request, mode: mode, perPage: perPage, concurrency: count)
    }

    /// The same list with `count` items per page (1…100).
    public func withPerPage(_ count: Int) -> Paginator<Item> {
        Paginator(executor: executor, request: request, mode: mode, perPage: count, concurrency: maximumConcurrentPages)
    }

    // MARK: Loading (async)

    /// Page `number` (1-based).
    ///
    /// Keyset lists cannot jump: page n costs n requests.
    public func page(_ number: Int) async throws(GitLabError) -> GitLabPage<Item> {
        guard number >= 1 else { throw invalid("page numbers start at 1, not \(number)") }
        switch mode {
        case .offset:
            return try await fetch(.page(number))
        case .keyset:
            var cursor = Cursor.page(1)
            while true {
                let page = try await fetch(cursor)
                guard page.number < number else { return page }
                guard let next = self.cursor(after: page) else {
                    return GitLabPage(items: [], number: number, perPage: perPage)
                }
                cursor = next
            }
        }
    }

    /// Pages `range`, loaded concurrently (at most `maximumConcurrentPages` at once), returned in page order.
    ///
    /// Pages past the end of the list are empty.
    public func pages(_ range: ClosedRange<Int>) async throws(GitLabError) -> [GitLabPage<Item>] {
        guard range.lowerBound >= 1 else { throw invalid("page numbers start at 1, not \(range.lowerBound)") }
        if mode == .keyset {
            var pages: [GitLabPage<Item>] = []
            var cursor: Cursor? = .page(1)
            while let current = cursor {
                let page = try await fetch(current)
                if page.number > range.upperBound { break }
                if page.number >= range.lowerBound { pages.append(page) }
                cursor = self.cursor(after: page)
            }
            return pages
        }
        var loaded: [Int: GitLabPage<Item>] = [:]
        try await forEachConcurrently(Array(range)) { loaded[$0.number] = $0 }
        return range.map { loaded[$0] ?? GitLabPage(items: [], number: $0, perPage: perPage) }
    }

    /// Every item of the list, in order. An empty list is read twice before it is believed, and a page with a hole
    /// is refused (`GitLabPage+Continuity`).
    public func loadAll() async throws(GitLabError) -> [Item] {
        var first = try await fetch(.page(1))
        try check(first)
        if first.items.isEmpty, !first.hasNext {
            // An empty list is also what a list whose only page was skipped looks like (a commit's diff without
            // files, a project without branches): it is read a second time before it is believed.
            let again = try await fetch(.page(1))
            guard again.items.isEmpty else {
                throw inconsistent("page 1 was empty, then held \(again.items.count) items")
            }
            first = again
        }
        guard first.hasNext else { return first.items }
        guard mode == .offset, maximumConcurrentPages > 1, first.nextPage != nil else {
            return try await loadOneByOne(after: first, onto: first.items)
        }
        return try await loadRemainingConcurrently(after: first)
    }

    /// `X-Total` of the list (one request of one item), or `nil` when GitLab omits it.
    public func totalItems() async throws(GitLabError) -> Int? {
        let probe = request.replacingQuery([GitLabQueryItem("page", "1"), GitLabQueryItem("per_page", "1")])
        let response = try await executor.send(probe.withoutKeyset())
        return response.headers["X-Total"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The number of pages at this paginator's page size, or `nil` when GitLab omits the total.
    public func totalPages() async throws(GitLabError) -> Int? {
        guard let total = try await totalItems() else { return nil }
        return (total + perPage - 1) / perPage
    }

    // MARK: Internals

    /// Fetches one page.
    func fetch(_ cursor: Cursor) async throws(GitLabError) -> GitLabPage<Item> {
        let pageRequest: GitLabRequest
        let number: Int
        switch cursor {
        case .page(let page):
            number = page
            var items = [GitLabQueryItem("per_page", String(perPage))]
            if mode == .offset {
                items.append(GitLabQueryItem("page", String(page)))
            } else {
                items.append(GitLabQueryItem("pagination", "keyset"))
            }
            pageRequest = request.replacingQuery(items)
        case .link(let url, let page):
            number = page
            var linked = request
            linked.target = .absolute(url)
            pageRequest = linked
        }
        let (items, response) = try await executor.sendDecoding([Item].self, pageRequest)
        return page(items, number: number, headers: response.headers)
    }

    /// Builds a page from its items and GitLab's headers.
    func page(_ items: [Item], number: Int, headers: GitLabHTTPHeaders) -> GitLabPage<Item> {
        func int(_ name: String) -> Int? {
            headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        let link = headers["Link"].flatMap { GitLabLinkHeader.url(in: $0, relation: "next") }
        var page = GitLabPage(
            items: items,
            number: int("X-Page") ?? number,
            perPage: int("X-Per-Page").flatMap { $0 > 0 ? $0 : nil } ?? perPage,
            nextPage: int("X-Next-Page"),
            previousPage: int("X-Prev-Page"),
            totalItems: int("X-Total"),
            totalPages: int("X-Total-Pages"),
            nextLink: link
        )
        if mode == .keyset { page.number = number }
        let hasPaginationHeaders = headers["X-Next-Page"] != nil || headers["Link"] != nil
        if !hasPaginationHeaders, mode == .offset, items.count >= perPage {
            page.nextPage = number + 1  // headers stripped (a proxy): a full page may have a successor
            page.nextIsGuessed = true
        }
        return page
    }

    /// Where the page after `page` comes from, or `nil` when it was the last.
    func cursor(after page: GitLabPage<Item>) -> Cursor? {
        if mode == .offset, let next = page.nextPage { return .page(next) }
        if let link = page.nextLink { return .link(link, number: page.number + 1) }
        if let next = page.nextPage { return .page(next) }
        return nil
    }

    /// Loads `numbers` with at most `maximumConcurrentPages` requests in flight, handing each page to `receive`
    /// (on the calling task) as it arrives.
    private func forEachConcurrently(
        _ numbers: [Int],
        _ receive: (GitLabPage<Item>) -> Void
    ) async throws(GitLabError) {
        do {
            try await withThrowingTaskGroup(of: GitLabPage<Item>.self) { group in
                var pending = numbers[...]
                for _ in 0..<maximumConcurrentPages {
                    guard let number = pending.popFirst() else { break }
                    group.addTask { try await self.fetch(.page(number)) }
                }
                while let page = try await group.next() {
                    receive(page)
                    if let number = pending.popFirst() {
                        group.addTask { try await self.fetch(.page(number)) }
                    }
                }
            }
        } catch {
            throw rethrown(error)
        }
    }

    /// `loadAll()` past the first page: a sliding window of concurrent page requests; stops issuing requests at
    /// the first page that has no next (or at `X-Total-Pages` when known), then continues one by one if the last
    /// page turned out to have a successor (the list grew meanwhile).
    private func loadRemainingConcurrently(after first: GitLabPage<Item>) async throws(GitLabError) -> [Item] {
        var loaded: [Int: GitLabPage<Item>] = [1: first]
        var lastPage: Int? = first.totalPages.map { Swift.max($0, 1) }
        do {
            try await withThrowingTaskGroup(of: GitLabPage<Item>.self) { group in
                var next = 2
                var inFlight = 0
                while true {
                    while inFlight < maximumConcurrentPages, lastPage.map({ next <= $0 }) ?? true {
                        let number = next
                        group.addTask { try await self.fetch(.page(number)) }
                        next += 1
                        inFlight += 1
                    }
                    guard let page = try await group.next() else { break }
                    inFlight -= 1
                    loaded[page.number] = page
                    if !page.hasNext { lastPage = Swift.min(lastPage ?? page.number, page.number) }
                }
            }
        } catch {
            throw rethrown(error)
        }
        let last = lastPage ?? loaded.keys.max() ?? 1
        var items: [Item] = []
        for number in 1...last {
            guard let loadedPage = loaded[number] else { break }
            let page = try await checked(loadedPage, at: .page(number), after: loaded[number - 1])
            items += page.items
        }
        return try await loadOneByOne(after: loaded[last], onto: items)
    }

    /// `items` followed by the items of every page after `previous`, one request at a time, each page checked
    /// against the one before it; stops at the first page without a next.
    private func loadOneByOne(
        after previous: GitLabPage<Item>?,
        onto items: [Item]
    ) async throws(GitLabError) -> [Item] {
        var items = items
        var previous = previous
        var next = previous.flatMap { self.cursor(after: $0) }
        while let current = next {
            let page = try await checked(try await fetch(current), at: current, after: previous)
            items += page.items
            previous = page
            next = self.cursor(after: page)
        }
        return items
    }

    /// Throws when `page` does not fit the list it belongs to (`GitLabPage.continuityProblem`).
    func check(_ page: GitLabPage<Item>) throws(GitLabError) {
        guard let problem = page.continuityProblem else { return }
        throw inconsistent(problem)
    }

    /// `page` (fetched from `cursor`) once it fits after `previous`: an announced page that came back empty is
    /// read a second time, and a second reading with items means the first skipped them.
    func checked(
        _ page: GitLabPage<Item>, at cursor: Cursor, after previous: GitLabPage<Item>?
    ) async throws(GitLabError) -> GitLabPage<Item> {
        try check(page)
        let announced = previous.map { $0.hasNext && !$0.nextIsGuessed } ?? false
        if let problem = try await secondReadingProblem(of: page, at: cursor, announced: announced) {
            throw inconsistent(problem)
        }
        return page
    }

    /// What a second reading of `page` (fetched from `cursor`) gives away, or `nil`: an announced page that came
    /// back empty is read again (a list that skipped its last page looks like the normal empty page after a full
    /// one), and a second reading with items means the first skipped them. The commit walk shares it.
    func secondReadingProblem(
        of page: GitLabPage<Item>, at cursor: Cursor, announced: Bool
    ) async throws(GitLabError) -> String? {
        guard page.needsSecondReading(announced: announced) else { return nil }
        let again = try await fetch(cursor)
        return again.items.isEmpty ? nil : "page \(page.number) was empty, then held \(again.items.count) items"
    }

    private func inconsistent(_ problem: String) -> GitLabError {
        .decoding(executor.context(for: request), path: "$", detail: "an inconsistent list (HTTP 200): \(problem)")
    }

    private func rethrown(_ error: any Error) -> GitLabError {
        if let error = error as? GitLabError { return error }
        return .cancelled(executor.context(for: request))
    }

    private func invalid(_ message: String) -> GitLabError {
        .rejected(executor.context(for: request), status: 0, message: message)
    }
}

extension GitLabRequest {
    /// The request without `pagination=keyset` (for totals, which only offset pagination reports).
    func withoutKeyset() -> GitLabRequest {
        guard case .api(let path, var query) = target else { return self }
        query.removeAll { $0.name == "pagination" }
        var copy = self
        copy.target = .api(path: path, query: query)
        return copy
    }
}
