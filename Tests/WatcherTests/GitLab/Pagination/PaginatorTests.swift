import FakeGitLab
import Foundation
import RxCore
import Synchronization
import Testing

@testable import Watcher

@Suite struct PaginatorTests {
    @Test func testCommits_haveNoTotalsAndFollowXNextPage() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(45)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let paginator = client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(perPage: 20))
            var sizes: [Int] = []
            for try await page in paginator {
                sizes.append(page.items.count)
                #expect(page.totalItems == nil)
                #expect(page.totalPages == nil)
            }
            let total = try await paginator.totalItems()
            let pages = try await paginator.totalPages()

            #expect(sizes == [20, 20, 5])
            #expect(total == nil)
            #expect(pages == nil)
        }
    }

    @Test func testFullLastPage_isFollowedByANormalEmptyPage() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(40)

        try await GitLabTestHarness.withClient(gitlab) { client in
            var sizes: [Int] = []
            for try await page in client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(perPage: 20)) {
                sizes.append(page.items.count)
            }

            #expect(sizes == [20, 20, 0])
        }
    }

    @Test func testTotals_whenGitLabSendsThem() async throws {
        let gitlab = FakeGitLab()
        for index in 1...25 { gitlab.addProject("acme/p\(index)") }

        try await GitLabTestHarness.withClient(gitlab, configuration: GitLabTestHarness.configuration(perPage: 10)) {
            client in
            let paginator = client.groups.projects(of: "acme")
            let first = try await paginator.page(1)

            let observed1 = try await paginator.totalItems()
            #expect(observed1 == 25)
            let observed2 = try await paginator.totalPages()
            #expect(observed2 == 3)
            #expect(first.totalItems == 25)
            #expect(first.totalPages == 3)
            #expect(first.nextPage == 2)
        }
    }

    @Test func testTotals_areAbsentAboveTenThousandItems() async throws {
        let gitlab = FakeGitLab()
        for index in 1...10_001 { gitlab.addProject("big/p\(index)") }

        try await GitLabTestHarness.withClient(gitlab) { client in
            let paginator = client.groups.projects(of: "big")
            let first = try await paginator.page(1)
            let last = try await paginator.page(101)

            #expect(first.items.count == 100)
            #expect(first.totalItems == nil)
            #expect(first.totalPages == nil)
            #expect(first.nextPage == 2)
            #expect(last.items.count == 1)
            #expect(!last.hasNext)
            let observed3 = try await paginator.totalItems()
            #expect(observed3 == nil)
        }
    }

    @Test func testRange_returnsPagesInOrderAndMatchesSequentialReading() async throws {
        let gitlab = FakeGitLab()
        for index in 1...47 { gitlab.addProject("acme/p\(index)") }

        try await GitLabTestHarness.withClient(
            gitlab,
            configuration: GitLabTestHarness.configuration(perPage: 5, concurrency: 3)
        ) { client in
            let paginator = client.groups.projects(
                of: "acme",
                options: GitLabGroupProjectsOptions(orderBy: "id", sort: .ascending)
            )
            let rx: Single<[GitLabPage<GitLabProject>]> = paginator[2...6]
            let ranged = try await rx.value
            var sequential: [GitLabPage<GitLabProject>] = []
            for try await page in paginator { sequential.append(page) }
            let halfOpen = try await paginator[9..<12].value

            #expect(ranged.map(\.number) == [2, 3, 4, 5, 6])
            #expect(ranged.flatMap(\.items).map(\.id) == sequential[1...5].flatMap(\.items).map(\.id))
            #expect(halfOpen.map(\.number) == [9, 10, 11])
            #expect(halfOpen.map(\.items.count) == [5, 2, 0])  // past the end: empty
        }
    }

    @Test func testRange_neverHasMoreThanTheBoundInFlight() async throws {
        let transport = GatedTransport()
        let client = GitLabClient(
            host: URL(string: "https://gitlab.example.com")!,
            auth: .none,
            transport: transport,
            scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
            configuration: GitLabTestHarness.configuration(concurrency: 2)
        )
        let loading = Task { try await client.repositories.branches(of: 1).pages(1...6) }

        for _ in 0..<6 {
            await transport.waitUntilInFlight(2, orTotal: 6)
            transport.releaseOne()
        }
        let pages = try await loading.value

        #expect(pages.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(transport.maximumInFlight == 2)
        #expect(transport.total == 6)
    }

    @Test func testLoadAll_withoutTotalsLoadsConcurrentlyAndWastesLessThanTheWindow() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.generateHistory(commits: 250)

        // Pages are counted, not requests: on a loaded machine a request may still time out and be retried, which
        // is the transport's business (its own tests), not a page the paginator asked for.
        try await GitLabTestHarness.withClient(
            gitlab,
            configuration: GitLabTestHarness.configuration(perPage: 100, concurrency: 4)
        ) { client in
            let paginator = client.commits.list(of: .id(api.id))
            let sequential = try await paginator.withMaximumConcurrentPages(1).loadAll()
            let sequentialPages = Self.pagesAsked(gitlab.requests)
            gitlab.resetRequestLog()
            let concurrent = try await paginator.loadAll()
            let concurrentPages = Self.pagesAsked(gitlab.requests)

            #expect(sequential.count == 250)
            #expect(concurrent.map(\.id) == sequential.map(\.id))
            #expect(sequentialPages == [1, 2, 3])
            // The window of 4 may ask for up to 3 pages past the last one (4, 5, 6), never more.
            #expect((3...3 + 3).contains(concurrentPages.count))
            #expect(concurrentPages == Array(1...max(concurrentPages.count, 1)))
        }
    }

    /// The distinct `page` numbers `requests` asked for, in order.
    private static func pagesAsked(_ requests: [FakeRecordedRequest]) -> [Int] {
        Set(requests.map { Int($0.queryValue("page") ?? "1") ?? 0 }).sorted()
    }

    @Test func testLoadAll_withTotalsRequestsExactlyThePages() async throws {
        let gitlab = FakeGitLab()
        for index in 1...25 { gitlab.addProject("acme/p\(index)") }

        try await GitLabTestHarness.withClient(gitlab, configuration: GitLabTestHarness.configuration(perPage: 10)) {
            client in
            let projects = try await client.groups.projects(of: "acme").loadAll()

            #expect(projects.count == 25)
            #expect(Set(projects.map(\.id)).count == 25)
            #expect(gitlab.requests.count == 3)
        }
    }

    @Test func testKeyset_followsLinkNextWithoutTotals() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let token = gitlab.addPersonalAccessToken(for: alice)
        let ids = (1...5).map { gitlab.addProject("acme/p\($0)", members: [alice]).id }

        try await GitLabTestHarness.withClient(gitlab, auth: .privateToken(GitLabSecret(token))) { client in
            let paginator = client.projects.list(GitLabProjectListOptions(keyset: true, perPage: 2))
            var pages: [GitLabPage<GitLabProject>] = []
            for try await page in paginator { pages.append(page) }
            let requests = gitlab.requests
            let third = try await paginator.page(3)

            #expect(pages.map(\.number) == [1, 2, 3])
            #expect(pages.flatMap(\.items).map(\.id) == ids)
            #expect(pages.allSatisfy { $0.totalItems == nil && $0.nextPage == nil })
            #expect(requests.first?.queryValue("pagination") == "keyset")
            #expect(requests.first?.queryValue("order_by") == "id")
            #expect(requests[1].queryValue("id_after") == String(ids[1]))
            #expect(third.items.map(\.id) == [ids[4]])
            let observed4 = try await paginator.totalItems()
            #expect(observed4 == 5)  // asked with offset pagination
        }
    }

    @Test func testAsyncIteration_requestsEachPageOnlyWhenAsked() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(50)

        try await GitLabTestHarness.withClient(gitlab) { client in
            var iterator = client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(perPage: 10))
                .makeAsyncIterator()

            _ = try await iterator.next()
            #expect(gitlab.requests.count == 1)
            _ = try await iterator.next()
            #expect(gitlab.requests.count == 2)
            #expect(gitlab.requests.last?.queryValue("page") == "2")
        }
    }

    @Test func testRxPages_emitsInOrderAndStopsRequestingWhenDisposed() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(50)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let paginator = client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(perPage: 10))
            var numbers: [Int] = []
            for try await page in paginator.pages().values { numbers.append(page.number) }
            #expect(numbers == [1, 2, 3, 4, 5, 6])

            gitlab.resetRequestLog()
            for try await page in paginator.pages().values where page.number == 2 { break }
            let afterBreak = gitlab.requests.count
            #expect(afterBreak <= 3)  // page 3 may be in flight, nothing beyond it
        }
    }
}

/// A transport that holds every request until released, counting how many are in flight.
final class GatedTransport: GitLabHTTPTransport {
    private struct State {
        var inFlight = 0
        var maximum = 0
        var total = 0
        var held: [CheckedContinuation<Void, Never>] = []
        var waiter: (count: Int, total: Int, continuation: CheckedContinuation<Void, Never>)?
    }

    private let state = Mutex(State())

    var maximumInFlight: Int { state.withLock { $0.maximum } }
    var total: Int { state.withLock { $0.total } }

    func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        let page =
            Int(request.url.query?.split(separator: "&").first { $0.hasPrefix("page=") }?.dropFirst(5) ?? "1") ?? 1
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let wake = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.inFlight += 1
                state.total += 1
                state.maximum = max(state.maximum, state.inFlight)
                state.held.append(continuation)
                guard let waiter = state.waiter, state.inFlight >= waiter.count || state.total >= waiter.total else {
                    return nil
                }
                state.waiter = nil
                return waiter.continuation
            }
            wake?.resume()
        }
        let body = "[{\"name\": \"b\(page)\", \"commit\": {\"id\": \"\(page)\"}}]"
        return GitLabHTTPResponse(
            status: 200,
            headers: ["X-Next-Page": page < 6 ? String(page + 1) : "", "X-Page": String(page)],
            body: Array(body.utf8)
        )
    }

    /// Returns once `count` requests are held (or `total` were made, for the tail).
    func waitUntilInFlight(_ count: Int, orTotal total: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.inFlight >= count || (state.total >= total && state.inFlight > 0) { return true }
                state.waiter = (count, total, continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Releases the oldest held request.
    func releaseOne() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.held.isEmpty else { return nil }
            state.inFlight -= 1
            return state.held.removeFirst()
        }
        next?.resume()
    }
}
