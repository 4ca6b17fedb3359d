import Foundation
import MetricsTestKit
import RxCoreTest
import Testing

@testable import Watcher

@Suite("MeteredGitLabTransport")
struct MeteredGitLabTransportTests {
    @Test("every exchange is counted by host (with a non-default port) and status, and passed through unchanged")
    func testExecute_countsStatusesAndFailures() async throws {
        // Given a metered transport over a scripted one: a 200, a 503, then a timeout
        let recorder = TestMetrics()
        let inner = ScriptedTransport(
            [ScriptedTransport.json(200, "[]"), ScriptedTransport.json(503, "{}"), .fail(.timeout)],
            clock: { 0 }
        )
        let transport = MeteredGitLabTransport(
            wrapping: inner,
            metrics: WatcherMetrics(factory: recorder),
            clock: TestScheduler(initialClock: 0)
        )
        let request = GitLabHTTPRequest(
            method: "GET",
            url: URL(string: "https://gitlab.example.com:8443/api/v4/projects/1")!,
            timeout: .seconds(5)
        )

        // When three requests are sent
        let first = try await transport.execute(request)
        let second = try await transport.execute(request)
        await #expect(throws: GitLabTransportError.timeout) { try await transport.execute(request) }

        // Then the responses are passed through and each exchange is counted once
        #expect(first.status == 200)
        #expect(second.status == 503)
        #expect(inner.sent.count == 3)
        for status in ["200", "503", "timeout"] {
            let counter = try recorder.expectCounter(
                "glwatch_gitlab_requests_total",
                [("host", "gitlab.example.com:8443"), ("status", status)]
            )
            #expect(counter.totalValue == 1, "status \(status)")
        }
    }
}
