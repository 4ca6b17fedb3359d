import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `glwatch run` with `metrics:` enabled serves Prometheus metrics and health on 127.0.0.1.
@Suite("glwatch run's /metrics and /healthz, as a subprocess")
struct MetricsEndToEndTests {
    @Test(.timeLimit(.minutes(5)))
    func testRun_withMetricsListen_servesMetricsAndHealth() async throws {
        let world = try await WatchWorld()
        try world.writeConfig(extra: "metrics:\n  listen: 127.0.0.1:0")
        let run = try world.glwatch(["run"])
        defer { run.terminate() }
        let serving = try await run.waitForLine(containing: "serving /metrics", in: .stderr)
        let port = try #require(
            serving.split(separator: "listen=127.0.0.1:").last.flatMap { Int($0.prefix { $0.isNumber }) }
        )
        try await run.waitForLine(containing: "first cycle done", in: .stderr)

        let (metrics, metricsResponse) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(port)/metrics")!
        )
        let (_, healthResponse) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(port)/healthz")!
        )

        #expect((metricsResponse as? HTTPURLResponse)?.statusCode == 200)
        let text = String(decoding: metrics, as: UTF8.self)
        #expect(text.contains("glwatch_polls_total"))
        #expect(text.contains("glwatch_gitlab_requests_total"))
        #expect(!text.contains(world.token))
        #expect((healthResponse as? HTTPURLResponse)?.statusCode == 200)
        run.send(SIGTERM)
        #expect(try await run.waitForExit() == 0)
    }
}
