import Foundation
import Logging
import Testing

@testable import Watcher

@Suite("OperationsServer")
struct OperationsServerTests {
    /// Starts a server on 127.0.0.1, port 0, runs `body` with a GET function, and always stops it.
    private func withServer(
        metrics: any MetricsExposition,
        health: HealthMonitor,
        _ body: (_ get: (String) async throws -> GitLabHTTPResponse) async throws -> Void
    ) async throws {
        let server = OperationsServer(
            configuration: .init(host: "127.0.0.1", port: 0),
            metrics: metrics,
            health: health,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let port = try await server.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        do {
            try await body { path in
                try await transport.execute(
                    GitLabHTTPRequest(
                        method: "GET",
                        url: URL(string: "http://127.0.0.1:\(port)\(path)")!,
                        timeout: .seconds(10)
                    )
                )
            }
        } catch {
            try? await transport.shutdown()
            await server.stop()
            throw error
        }
        try await transport.shutdown()
        await server.stop()
    }

    @Test("/metrics serves the Prometheus registry as text format 0.0.4")
    func testMetrics_prometheusText() async throws {
        // Given metrics recorded through the Prometheus backend
        let prometheus = PrometheusMetrics()
        let metrics = WatcherMetrics(factory: prometheus.factory)
        metrics.recordPoll(
            project: ProjectKey(instance: "gitlab.com", id: 7),
            outcome: .changed,
            duration: 0.02,
            finishedAt: Date(timeIntervalSince1970: 1_800_000_000)
        )
        metrics.recordRequest(host: "gitlab.com", status: "200", duration: 0.01)
        let health = HealthMonitor(unhealthyAfter: 300, now: ManualClock().now)

        try await withServer(metrics: prometheus.registry, health: health) { get in
            // When /metrics is scraped
            let response = try await get("/metrics")

            // Then it is Prometheus text with the recorded series
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains("# TYPE glwatch_polls_total counter"))
            #expect(text.contains(#"glwatch_polls_total{outcome="changed"} 1"#))
            #expect(text.contains(#"glwatch_gitlab_requests_total{host="gitlab.com",status="200"} 1"#))
            #expect(text.contains("# TYPE glwatch_poll_duration_seconds histogram"))
            #expect(text.contains(#"glwatch_poll_duration_seconds_bucket{outcome="changed",le="0.025"} 1"#))
            #expect(
                text.contains(#"glwatch_last_successful_poll_timestamp_seconds{project="gitlab.com/7"} 1800000000"#)
            )
        }
    }

    @Test("/readyz and /healthz answer 503 with the reason, then 200, as the watcher progresses")
    func testHealthEndpoints_transitions() async throws {
        let clock = ManualClock()
        let health = HealthMonitor(unhealthyAfter: 60, now: clock.now)
        try await withServer(metrics: PrometheusMetrics().registry, health: health) { get in
            // Given a watcher that has not opened its store
            var ready = try await get("/readyz")
            #expect(ready.status == 503)
            #expect(ready.headers["Content-Type"] == "application/json")
            #expect(
                String(decoding: ready.body, as: UTF8.self)
                    == #"{"reason":"the state store is not open yet","status":"unavailable"}"# + "\n"
            )
            #expect(try await get("/healthz").status == 200)  // within the start-up grace

            // When the store opens and the first cycle runs, it is ready
            health.storeOpened()
            health.cycleCompleted()
            ready = try await get("/readyz")
            #expect(ready.status == 200)

            // When no poll succeeds for longer than the limit, it is unhealthy
            clock.advance(by: 61)
            let unhealthy = try await get("/healthz")
            #expect(unhealthy.status == 503)
            #expect(String(decoding: unhealthy.body, as: UTF8.self).contains("no successful poll since start 61s ago"))

            // And a successful poll makes it healthy again, naming when
            health.pollSucceeded(at: clock.now())
            let healthy = try await get("/healthz")
            #expect(healthy.status == 200)
            #expect(String(decoding: healthy.body, as: UTF8.self).contains(#""last_successful_poll":"2027-01-15T08:01"#))
        }
    }

    @Test("an unknown path is 404")
    func testUnknownPath() async throws {
        let health = HealthMonitor(unhealthyAfter: 60, now: ManualClock().now)
        try await withServer(metrics: PrometheusMetrics().registry, health: health) { get in
            let response = try await get("/nope")
            #expect(response.status == 404)
        }
    }

    @Test("a port already in use fails start() with an error instead of hanging")
    func testStart_portInUse() async throws {
        let health = HealthMonitor(unhealthyAfter: 60, now: ManualClock().now)
        let first = OperationsServer(
            configuration: .init(port: 0),
            metrics: PrometheusMetrics().registry,
            health: health,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let port = try await first.start()
        let second = OperationsServer(
            configuration: .init(port: port),
            metrics: PrometheusMetrics().registry,
            health: health,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        await #expect(throws: (any Error).self) { _ = try await second.start() }
        await second.stop()
        await first.stop()
    }
}
