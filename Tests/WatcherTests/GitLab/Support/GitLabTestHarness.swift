import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore

@testable import Watcher

/// Runs a test body against a started fake GitLab with a live transport, and always cleans both up.
enum GitLabTestHarness {
    /// A configuration for tests: no pacing, quick retries, and a timeout long enough that a request slowed down by
    /// a loaded machine (CI runs every test at once on 2 cores) is not timed out and retried, which would upset the
    /// tests that count requests; tests about timeouts set their own.
    static func configuration(
        retry: RetryPolicy = .gitLab(
            maximumRetries: 3,
            initialBackoff: .milliseconds(10),
            maximumBackoff: .milliseconds(50)
        ),
        pace: GitLabRateLimiter.Pace? = nil,
        perPage: Int = 100,
        concurrency: Int = 4,
        timeout: Duration = .seconds(30),
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) -> GitLabClientConfiguration {
        GitLabClientConfiguration(
            userAgent: "glwatch/test",
            requestTimeout: timeout,
            retry: retry,
            pace: pace,
            perPage: perPage,
            maximumConcurrentPages: concurrency,
            logger: logger
        )
    }

    /// Starts `fake`, makes a client for it, runs `body`, then shuts down the transport and the fake.
    static func withClient<T: Sendable>(
        _ fake: FakeGitLab,
        auth: GitLabAuth = .none,
        scheduler: (any SchedulerType)? = nil,
        configuration: GitLabClientConfiguration = configuration(),
        jitter: any RandomSource = FixedJitter(fraction: 0.5),
        wrap: (@Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport)? = nil,
        credentials: (any GitLabCredentialSource)? = nil,
        _ body: (GitLabClient) async throws -> T
    ) async throws -> T {
        try await fake.start()
        let live = try AsyncHTTPClientGitLabTransport()
        let transport = wrap?(live) ?? live
        let client = GitLabClient(
            host: fake.baseURL,
            auth: auth,
            transport: transport,
            scheduler: scheduler ?? ConcurrentDispatchQueueScheduler(qos: .default),
            configuration: configuration,
            jitter: jitter,
            credentials: credentials
        )
        do {
            let result = try await body(client)
            try await live.shutdown()
            await fake.stop()
            return result
        } catch {
            try? await live.shutdown()
            await fake.stop()
            throw error
        }
    }

    /// The error `operation` throws, as a `GitLabError`.
    static func error<T>(_ operation: () async throws -> T) async -> GitLabError? {
        do {
            _ = try await operation()
            return nil
        } catch {
            return error as? GitLabError
        }
    }
}
