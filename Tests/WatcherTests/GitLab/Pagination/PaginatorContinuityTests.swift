import FakeGitLab
import Foundation
import Synchronization
import Testing

@testable import Watcher

/// `loadAll()` refuses a list with a hole instead of returning it short (docs/gitlab-api.md, Pagination: GitLab
/// fills every page but the last and announces a next page whenever a page was full).
@Suite struct PaginatorContinuityTests {
    /// A transport that answers `page` of a commit list with `body` under the real headers, `times` times.
    static func answering(
        page: Int, with body: String, times: Int
    ) -> @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport {
        let left = Mutex(times)
        return { base in
            RewritingTransport(base, answer: { request, response in
                let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                guard request.url.path.hasSuffix("/repository/commits"),
                    items.first(where: { $0.name == "page" })?.value == String(page),
                    left.withLock({ count in defer { count -= 1 }; return count > 0 })
                else { return response }
                var rewritten = response
                rewritten.body = Array(body.utf8)
                return rewritten
            })
        }
    }

    @Test func testLoadAll_pageThatAnnouncesANextPageButIsNotFull_isAnInconsistentAnswer() async throws {
        // Given 45 commits at 20 a page, and page 2 answered with one commit under headers announcing page 3
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let shas = api.commits(45)
        let body = "[{\"id\":\"\(shas[0])\",\"short_id\":\"\(shas[0].prefix(8))\",\"title\":\"t\",\"message\":\"t\"}]"

        try await GitLabTestHarness.withClient(gitlab, wrap: Self.answering(page: 2, with: body, times: 1)) { client in
            let paginator = client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(perPage: 20))
                .withMaximumConcurrentPages(1)

            // When every page is loaded / Then the short page is refused, naming what was wrong
            await #expect {
                _ = try await paginator.loadAll()
            } throws: { error in
                "\(error)".contains("page 2 announces a next page but holds 1 of 20 items")
            }
        }
    }

    @Test(arguments: [1, 4])
    func testLoadAll_announcedPageThatComesBackEmptyOnce_isRefused(concurrency: Int) async throws {
        // Given 45 commits at 20 a page, and the last page (3) answered once as empty: a list that skipped it
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(45)

        try await GitLabTestHarness.withClient(gitlab, wrap: Self.answering(page: 3, with: "[]", times: 1)) { client in
            let paginator = client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(perPage: 20))
                .withMaximumConcurrentPages(concurrency)

            // When every page is loaded / Then the empty page was read again, and the second reading gave it away
            await #expect {
                _ = try await paginator.loadAll()
            } throws: { error in
                "\(error)".contains("page 3 was empty, then held 5 items")
            }
        }
    }

    @Test func testLoadAll_emptyPageAfterAFullLastPage_isReadTwiceAndBelieved() async throws {
        // Given exactly two full pages: GitLab announces a third, which is empty
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(40)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let paginator = client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(perPage: 20))
                .withMaximumConcurrentPages(1)

            // When every page is loaded
            let items = try await paginator.loadAll()

            // Then all 40 arrive, at the cost of one more reading of the empty page
            #expect(items.count == 40)
            let thirdPageReadings = gitlab.requests.filter {
                $0.path.hasSuffix("/repository/commits") && $0.query.contains("page=3")
            }
            #expect(thirdPageReadings.count == 2)
        }
    }

    @Test func testLoadAll_emptyFirstPageThatThenHoldsItems_isRefused() async throws {
        // Given a one-page list (5 commits) answered once as empty: a list whose only page was skipped
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(5)

        try await GitLabTestHarness.withClient(gitlab, wrap: Self.answering(page: 1, with: "[]", times: 1)) { client in
            let paginator = client.commits.list(of: .id(api.id), options: GitLabCommitListOptions(perPage: 20))

            // When every page is loaded / Then the empty answer was read again and refused
            await #expect {
                _ = try await paginator.loadAll()
            } throws: { error in
                "\(error)".contains("page 1 was empty, then held 5 items")
            }
        }
    }

    @Test func testLoadAll_trulyEmptyList_isReadTwiceAndIsEmpty() async throws {
        // Given a project without a single tag
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(1)

        try await GitLabTestHarness.withClient(gitlab) { client in
            // When its tags are loaded
            let tags = try await client.repositories.tags(of: .id(api.id)).loadAll()

            // Then none, after two readings
            #expect(tags.isEmpty)
            #expect(gitlab.requests.filter { $0.path.hasSuffix("/repository/tags") }.count == 2)
        }
    }
}
