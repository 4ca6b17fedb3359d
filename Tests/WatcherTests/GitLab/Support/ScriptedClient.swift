import Foundation
import Notifier
import Logging

@testable import Watcher

/// A client over a `ScriptedTransport`, waiting in virtual time.
struct ScriptedClient: Sendable {
    let driver = VirtualTimeDriver()
    let transport: ScriptedTransport
    let client: GitLabClient

    init(
        _ steps: [ScriptedTransport.Step],
        auth: GitLabAuth = .privateToken(GitLabSecret("glpat-scripted-secret-0001")),
        retry: RetryPolicy = .gitLab(),
        pace: GitLabRateLimiter.Pace? = nil,
        rateLimiter: GitLabRateLimiter? = nil,
        host: String = "https://gitlab.example.com",
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        let driver = self.driver
        transport = ScriptedTransport(steps) { driver.elapsed }
        client = GitLabClient(
            host: URL(string: host)!,
            auth: auth,
            transport: transport,
            scheduler: driver,
            configuration: GitLabClientConfiguration(
                userAgent: "glwatch/9.9.9",
                retry: retry,
                pace: pace,
                logger: logger
            ),
            rateLimiter: rateLimiter,
            jitter: FixedJitter(fraction: 0.5)
        )
    }

    /// The virtual times (seconds since the start) at which requests were sent.
    var times: [TimeInterval] { transport.sent.map(\.at) }
}

enum Payload {
    static let project = #"{"id": 81, "name": "api", "path": "api", "path_with_namespace": "acme/api"}"#
}
