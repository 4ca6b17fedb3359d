import FakeGitLab
import Foundation
import RxCore
import Synchronization
import Testing

@testable import Watcher

@Suite struct GitLabClientTests {
    @Test func testDisposingTheSubscription_cancelsTheHTTPRequest() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        gitlab.inject(FakeFault(.hang, on: .path("/api/v4/projects/\(api.id)")))
        let recorder = Mutex<RecordingTransport?>(nil)

        let record: @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport = { live in
            let recording = RecordingTransport(live)
            recorder.withLock { $0 = recording }
            return recording
        }

        try await GitLabTestHarness.withClient(gitlab, wrap: record) { client in
            let emitted = Mutex(false)
            let subscription = client.projects.get(.id(api.id)).subscribe(
                onSuccess: { _ in emitted.withLock { $0 = true } },
                onFailure: { _ in emitted.withLock { $0 = true } }
            )
            await gitlab.waitForRequests(1)  // the request is on the wire, and the fake holds it

            subscription.dispose()

            let outcomes = try #require(recorder.withLock { $0 }).outcomes
            var iterator = outcomes.makeAsyncIterator()
            #expect(await iterator.next() == .failed(.cancelled))
            #expect(!emitted.withLock { $0 })
            #expect(gitlab.requests.count == 1)  // cancelled, not retried
        }
    }

    @Test func testCancellingTheAsyncTwin_throwsCancelled() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        gitlab.inject(FakeFault(.hang, on: .path("/api/v4/projects/\(api.id)")))

        try await GitLabTestHarness.withClient(gitlab) { client in
            let task = Task { try await client.projects.get(.id(api.id)) }
            await gitlab.waitForRequests(1)
            task.cancel()

            let error = await GitLabTestHarness.error { try await task.value }
            guard case .cancelled(let context)? = error else {
                Issue.record("expected cancelled, got \(String(describing: error))")
                return
            }
            #expect(context.resource == "project \(api.id)")
        }
    }

    @Test func testRemainingZeroFromTheFake_holdsTheNextRequestUntilTheReset_inVirtualTime() async throws {
        let driver = VirtualTimeDriver()
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { driver.now }))
        gitlab.rateLimit = FakeRateLimit(limit: 2, period: 60)
        let api = gitlab.addProject("acme/api")

        try await GitLabTestHarness.withClient(gitlab, scheduler: driver) { client in
            try await driver.run {
                for _ in 0..<3 { _ = try await client.projects.get(.id(api.id)) }
            }

            #expect(gitlab.requests.map(\.status) == [200, 200, 200])  // no request spent on a certain 429
            #expect(gitlab.requests.map { $0.receivedAt.timeIntervalSince(Self.start) } == [0, 0, 60])
            #expect(client.rateLimiter.currentState.limit == 2)
        }
    }

    @Test func testThrottledByTheFake_retriesAfterRetryAfter_inVirtualTime() async throws {
        let driver = VirtualTimeDriver()
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { driver.now }))
        gitlab.rateLimit = FakeRateLimit(limit: 2, period: 60, sendsRateLimitHeaders: false)
        let api = gitlab.addProject("acme/api")

        try await GitLabTestHarness.withClient(gitlab, scheduler: driver) { client in
            try await driver.run {
                for _ in 0..<3 { _ = try await client.projects.get(.id(api.id)) }
            }

            #expect(gitlab.requests.map(\.status) == [200, 200, 429, 200])
            #expect(gitlab.requests.map { $0.receivedAt.timeIntervalSince(Self.start) } == [0, 0, 0, 60])
            #expect(client.rateLimiter.currentState.throttleCount == 1)
        }
    }

    private static let start = Date(timeIntervalSince1970: 1_704_067_200)

    @Test func testServerErrorsFromTheFake_areRetriedWithBackoffInVirtualTime() async throws {
        let driver = VirtualTimeDriver()
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { driver.now }))
        let api = gitlab.addProject("acme/api")
        gitlab.inject(FakeFault(.status(503), on: .path("/api/v4/projects"), times: 2))
        let configuration = GitLabTestHarness.configuration(retry: GitLabRetryPolicy(initialBackoff: .seconds(1)))

        try await GitLabTestHarness.withClient(gitlab, scheduler: driver, configuration: configuration) { client in
            let project = try await driver.run { try await client.projects.get(.id(api.id)) }

            #expect(project.id == api.id)
            #expect(gitlab.requests.map(\.status) == [503, 503, 200])
            #expect(gitlab.requests.map { $0.receivedAt.timeIntervalSince(Self.start) } == [0, 0.5, 1.5])
        }
    }

    @Test func testDroppedConnection_isRetried() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        gitlab.inject(FakeFault(.dropConnection, on: .path("/api/v4/projects")))

        try await GitLabTestHarness.withClient(gitlab) { client in
            let observed13 = try await client.projects.get(.id(api.id)).id
            #expect(observed13 == api.id)
            #expect(gitlab.requests.count == 2)
        }
    }

    @Test func testTruncatedJSON_persistently_isADecodingErrorNamingTheEndpoint_afterRetries() async throws {
        // Given GitLab cutting every commit list short
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        api.commits(5)
        gitlab.inject(FakeFault(.truncatedBody, on: .pathContaining("/repository/commits"), times: nil))

        try await GitLabTestHarness.withClient(gitlab) { client in
            // When the list is read
            let error = await GitLabTestHarness.error { try await client.commits.list(of: .id(api.id)).loadAll() }

            // Then it was tried 1 + 3 times (the test policy), and the error names the endpoint and the project
            guard case .decoding(let context, _, _)? = error else {
                Issue.record("expected decoding, got \(String(describing: error))")
                return
            }
            #expect(context.endpoint == "/projects/:id/repository/commits")
            #expect(error?.description.contains("commits of project \(api.id)") == true)
            #expect(gitlab.requests.count == 4)
        }
    }

    @Test(arguments: [
        FakeFault.Kind.truncatedBody,
        .body("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 200, contentType: "text/html"),
        .body("not json at all", status: 200, contentType: "text/plain"),
    ])
    func testBrokenAnswerOnce_isRetried_andNothingIsDecodedFromIt(fault: FakeFault.Kind) async throws {
        // Given GitLab answering one commit list with a body that is not the JSON expected
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        let made = api.commits(5)
        gitlab.inject(FakeFault(fault, on: .pathContaining("/repository/commits")))

        try await GitLabTestHarness.withClient(gitlab) { client in
            // When the list is read
            let commits = try await client.commits.list(of: .id(api.id)).loadAll()

            // Then the request was retried and the whole list read, once
            #expect(commits.map(\.id) == made.reversed())
            #expect(gitlab.requests.count == 2)
        }
    }

    @Test func testSlowAnswer_timesOut() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        gitlab.inject(FakeFault(.hang, on: .path("/api/v4/projects")))
        let configuration = GitLabTestHarness.configuration(retry: .none, timeout: .milliseconds(200))

        try await GitLabTestHarness.withClient(gitlab, configuration: configuration) { client in
            let error = await GitLabTestHarness.error { try await client.projects.get(.id(api.id)) }

            guard case .timeout(_, let after)? = error else {
                Issue.record("expected timeout, got \(String(describing: error))")
                return
            }
            #expect(after == .milliseconds(200))
        }
    }

    @Test func testAnswerStallingMidBody_timesOutToo() async throws {
        let gitlab = FakeGitLab()
        let api = gitlab.addProject("acme/api")
        gitlab.inject(FakeFault(.stallBody, on: .path("/api/v4/projects")))
        // Real time: the deadline is the transport's. Generous, so that on a loaded machine the head surely
        // arrives before it and the body's deadline is what fires.
        let configuration = GitLabTestHarness.configuration(retry: .none, timeout: .seconds(2))

        try await GitLabTestHarness.withClient(gitlab, configuration: configuration) { client in
            let error = await GitLabTestHarness.error { try await client.projects.get(.id(api.id)) }

            guard case .timeout? = error else {
                Issue.record("expected timeout, got \(String(describing: error))")
                return
            }
            #expect(gitlab.requests.first?.status == 200)  // the head did arrive: the body deadline fired
        }
    }

    @Test func testTwoHostsInOneProcess_areIndependent() async throws {
        let first = FakeGitLab()
        let second = FakeGitLab()
        first.addProject("one/api")
        second.addProject("two/api")

        try await GitLabTestHarness.withClient(first) { firstClient in
            try await GitLabTestHarness.withClient(second) { secondClient in
                let observed14 = try await firstClient.projects.get("one/api").path
                #expect(observed14 == "api")
                let observed15 = try await secondClient.projects.get("two/api").path
                #expect(observed15 == "api")
                #expect(firstClient.hostName != secondClient.hostName)
                #expect(first.requests.count == 1 && second.requests.count == 1)
            }
        }
    }

    @Test func testUserAgent_namesGlwatchAndItsVersion() async throws {
        let gitlab = FakeGitLab()
        gitlab.addProject("acme/api")

        try await GitLabTestHarness.withClient(gitlab) { client in
            _ = try await client.projects.get("acme/api")

            #expect(gitlab.requests.first?.header("User-Agent") == "glwatch/test")
        }
    }
}
