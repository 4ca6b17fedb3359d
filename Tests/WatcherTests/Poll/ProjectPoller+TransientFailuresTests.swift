import FakeGitLab
import Foundation
import Notifier
import Synchronization
import Testing

@testable import Watcher

/// Transient GitLab failures never lose a push: requests are retried, and a long walk resumes where it failed
/// (issue 12, finding 2).
@Suite struct ProjectPollerTransientFailuresTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// Quick retries (real milliseconds), GitLab's default bound of 5.
    static let quickRetries = GitLabTestHarness.configuration(
        retry: RetryPolicy.gitLab(maximumRetries: 5, initialBackoff: .milliseconds(1), maximumBackoff: .milliseconds(4))
    )

    /// The `page` and `ref_name` of a commit-list request.
    static func commitPage(_ request: GitLabHTTPRequest) -> (page: Int, range: String)? {
        guard request.url.path.hasSuffix("/repository/commits"),
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems,
            let range = items.first(where: { $0.name == "ref_name" })?.value, range.contains(".."),
            let page = items.first(where: { $0.name == "page" })?.value.flatMap(Int.init)
        else { return nil }
        return (page, range)
    }

    /// Six seeded runs: without per-request retries and resumed walks, each run has about even odds of missing
    /// the target, so all six pass by luck about once in seventy.
    @Test(.timeLimit(.minutes(5)), arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func testLongPush_with10PercentServerErrorsAnd5PercentTimeouts_isAnnouncedCompletelyWithin10Polls(
        seed: UInt64
    ) async throws {
        // Given a watched project, and then a 2,500-commit push while GitLab fails 10 % of requests with 500 and
        // 5 % with a timeout
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        let faulty = Mutex(false)
        let random = Mutex(FakeSplitMix64(seed: seed))
        let wrap: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            FlakyTransport(base) { _ in
                guard faulty.withLock({ $0 }) else { return nil }
                let draw = random.withLock { Double($0.next() >> 11) / Double(1 << 53) }
                return draw < 0.10 ? .status500 : draw < 0.15 ? .timeout : nil
            }
        }
        try await EngineTestHarness.run(fake, configuration: Self.quickRetries, wrap: wrap) { harness in
            let poller = harness.poller(project)
            #expect(await poller.poll() == .changed)
            let pushed = project.commits(2_500, by: [ann])
            faulty.withLock { $0 = true }

            // When it is polled at most 10 times (10 intervals), stopping once the push is announced
            var announced = false
            for _ in 1...10 where !announced {
                announced = await poller.poll() == .changed
            }

            // Then every commit is announced, once
            #expect(announced)
            let reported = try await harness.store.reportedCommits(in: harness.key(project), among: pushed)
            #expect(reported.count == 2_500)
            let events = try await harness.events(of: project)
            #expect(events.filter { $0.type == .commitsNew }.count == 1)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testInterruptedWalk_resumesAtThePageThatFailed_notFromTheStart() async throws {
        // Given a 350-commit push (4 pages) whose page 3 keeps failing until the retries are spent
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        let failPage3 = Mutex(false)
        let pages = Recorded<Int>()
        let wrap: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            FlakyTransport(base) { request in
                guard let (page, _) = Self.commitPage(request) else { return nil }
                pages.append(page)
                return page == 3 && failPage3.withLock({ $0 }) ? .status500 : nil
            }
        }
        try await EngineTestHarness.run(fake, configuration: Self.quickRetries, wrap: wrap) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(350, by: [ann])
            failPage3.withLock { $0 = true }

            // When one poll fails on page 3, and the next runs with GitLab healthy again
            #expect(await poller.poll() == .failed)
            #expect(poller.lastFailure?.contains("HTTP 500") == true)
            #expect(poller.lastFailure?.contains("project \(project.id)") == true)
            failPage3.withLock { $0 = false }
            #expect(await poller.poll() == .changed)

            // Then pages 1 and 2 were fetched once, page 3 six times (1 + 5 retries) and then once more
            #expect(pages.all.filter { $0 == 1 }.count == 1)
            #expect(pages.all.filter { $0 == 2 }.count == 1)
            #expect(pages.all.filter { $0 == 3 }.count == 7)
            let reported = try await harness.store.reportedCommits(in: harness.key(project), among: pushed)
            #expect(reported.count == 350)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testCommitListThatRepeatsAPage_failsThePollClearly_andTheRetryAnnouncesTheRightSet() async throws {
        // Given a 250-commit push and a GitLab that answers page 2 of the range with page 1's commits once
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        let repeatOnce = Mutex(false)
        let wrap: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            RewritingTransport(base, rewrite: { request in
                guard let (page, _) = Self.commitPage(request), page == 2,
                    repeatOnce.withLock({ value in defer { value = false }; return value })
                else { return request }
                var repeated = request
                let url = request.url.absoluteString.replacingOccurrences(of: "&page=2", with: "&page=1")
                repeated.url = URL(string: url)!
                return repeated
            })
        }
        try await EngineTestHarness.run(fake, configuration: Self.quickRetries, wrap: wrap) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(250, by: [ann])
            repeatOnce.withLock { $0 = true }

            // When it is polled
            #expect(await poller.poll() == .failed)

            // Then the failure says what was wrong and names the project, nothing was announced; the next poll
            // announces exactly the push
            #expect(poller.lastFailure?.contains("repeats commit") == true)
            #expect(poller.lastFailure?.contains("project \(project.id)") == true)
            let observed1 = try await harness.events(of: project)
            #expect(observed1.isEmpty)
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.filter { $0.type == .commitsNew }.count == 1)
            let reported = try await harness.store.reportedCommits(in: harness.key(project), among: pushed)
            #expect(reported.count == 250)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testCommitListThatSkipsAPage_failsThePollClearly_andTheRetryAnnouncesTheRightSet() async throws {
        // Given a 250-commit push and a GitLab whose page 1 of the range says once that the next page is 3
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        let skipOnce = Mutex(false)
        let wrap: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { base in
            RewritingTransport(base, answer: { request, response in
                guard let (page, _) = Self.commitPage(request), page == 1,
                    skipOnce.withLock({ value in defer { value = false }; return value })
                else { return response }
                var skipping = response
                skipping.headers.replaceOrAdd(name: "X-Next-Page", value: "3")
                return skipping
            })
        }
        try await EngineTestHarness.run(fake, configuration: Self.quickRetries, wrap: wrap) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()
            let pushed = project.commits(250, by: [ann])
            skipOnce.withLock { $0 = true }

            // When it is polled
            #expect(await poller.poll() == .failed)

            // Then the failure names the project and what was wrong, nothing was stored; the next poll announces
            // exactly the push
            #expect(poller.lastFailure?.contains("says the next page is 3") == true)
            #expect(poller.lastFailure?.contains("project \(project.id)") == true)
            let afterFailure = try await harness.events(of: project)
            #expect(afterFailure.isEmpty)
            #expect(await poller.poll() == .changed)
            let reported = try await harness.store.reportedCommits(in: harness.key(project), among: pushed)
            #expect(reported.count == 250)
        }
    }
}
