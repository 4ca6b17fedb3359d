import Foundation
import Logging

@testable import GLWatchDev
@testable import Watcher

/// The status page at scale (`StatusPageBenchmarkTests`): a store of `projects` projects and `events` events
/// (`glwatch-dev bench store`'s rows, all within the last 24 hours), each page and API endpoint fetched over HTTP
/// `requests` times, then the store's write throughput (the poller's side: `writes` single-event changes) alone and
/// while `/` is loaded in a loop.
struct PageBenchWorkload {
    var projects = 1000
    var events = 100_000
    var requests = 100
    var writes = 2000
    /// p99 a page or API call should stay under: the budget the report holds each endpoint to.
    var budget: TimeInterval = 2.0

    /// One endpoint's latencies.
    struct Endpoint: Sendable {
        var path: String
        var p50: TimeInterval
        var p99: TimeInterval
        var status: Int
    }

    /// What a run found.
    struct Report: Sendable {
        var endpoints: [Endpoint]
        /// Single-event changes per second, alone and while the page was loaded in a loop.
        var writesAlone: Double
        var writesLoaded: Double
        var pageLoads: Int
        var budget: TimeInterval

        /// What misses the budget: an endpoint whose answer was not 200 or whose p99 is over it, and writes slowed
        /// to less than half their pace by page loads.
        var problems: [String] {
            endpoints.compactMap { endpoint in
                if endpoint.status != 200 { return "\(endpoint.path): HTTP \(endpoint.status)" }
                guard endpoint.p99 >= budget else { return nil }
                return String(format: "%@: p99 %.2f s over %.1f s", endpoint.path, endpoint.p99, budget)
            } + (writesLoaded > writesAlone * 0.5 ? [] : [slowedWrites])
        }

        private var slowedWrites: String {
            String(format: "writes slowed from %.0f/s to %.0f/s under page loads", writesAlone, writesLoaded)
        }

        /// The report's lines.
        var lines: [String] {
            endpoints.map {
                String(
                    format: "page-bench %-48@ p50 %6.1f ms  p99 %6.1f ms", $0.path as NSString, $0.p50 * 1000,
                    $0.p99 * 1000
                )
            } + [
                String(
                    format: "page-bench writes: %.0f changes/s alone, %.0f changes/s with %d page loads",
                    writesAlone, writesLoaded, pageLoads
                )
            ]
        }
    }

    /// The endpoints fetched, with parameters scaled to the store's size.
    var paths: [String] {
        [
            "/", "/api/v1/overview", "/api/v1/projects", "/api/v1/projects?sort=lastChange&q=project-9",
            "/api/v1/events", "/api/v1/events?offset=\(max(events - 1000, 0))", "/api/v1/events?project=bench.test/7",
            "/api/v1/events/bench-\(events - 1)", "/api/v1/deliveries?sink=team-chat&offset=\(events / 2)",
        ]
    }

    /// Fills a store in `directory`, serves the page and measures.
    func run(in directory: String) async throws -> Report {
        let store = try SQLiteStateStore(StoreConfiguration(path: directory + "/state.db", durability: .normal))
        let workload = StoreBenchWorkload(events: events, commitsPerEvent: 1, projects: projects)
        _ = try await store.apply(StateChange(at: StoreBenchWorkload.start, projects: workload.projectRecords()))
        try await Self.fill(store, workload, from: 0, to: workload.events, batch: 500)
        let now = StoreBenchWorkload.start.addingTimeInterval(3600)
        let api = StatusAPI(
            store: store, statePath: store.path, configuredSinks: [StoreBenchWorkload.sink],
            startedAt: StoreBenchWorkload.start, health: nil, now: { now }, requests: RequestRateHistory()
        )
        let server = OperationsServer(
            configuration: .init(host: "127.0.0.1", port: 0),
            metrics: PrometheusMetrics().registry,
            health: HealthMonitor(unhealthyAfter: 300, now: { now }),
            page: StatusPage(api: api, instanceURLs: [:]),
            logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let port = try await server.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        @Sendable func get(_ path: String) async throws -> (TimeInterval, Int) {
            let started = ContinuousClock.now
            let url = URL(string: "http://127.0.0.1:\(port)\(path)")!
            let response = try await transport.execute(
                GitLabHTTPRequest(method: "GET", url: url, timeout: .seconds(30))
            )
            return (Self.seconds(ContinuousClock.now - started), response.status)
        }
        do {
            var endpoints: [Endpoint] = []
            for path in paths {
                var samples: [TimeInterval] = []
                var status = 200
                for _ in 0..<requests {
                    let (elapsed, answered) = try await get(path)
                    samples.append(elapsed)
                    if answered != 200 { status = answered }
                }
                samples.sort()
                endpoints.append(
                    Endpoint(
                        path: path, p50: LatencySamples.percentile(0.5, of: samples) ?? 0,
                        p99: LatencySamples.percentile(0.99, of: samples) ?? 0, status: status
                    )
                )
            }
            let alone = try await Self.timeWrites(store, workload, from: events, count: writes)
            let loading = Task {
                var loads = 0
                while !Task.isCancelled {
                    _ = try? await get("/")
                    loads += 1
                }
                return loads
            }
            let loaded = try await Self.timeWrites(store, workload, from: events + writes, count: writes)
            loading.cancel()
            let loads = await loading.value
            try await transport.shutdown()
            await server.stop()
            return Report(
                endpoints: endpoints, writesAlone: alone, writesLoaded: loaded, pageLoads: loads, budget: budget
            )
        } catch {
            try? await transport.shutdown()
            await server.stop()
            throw error
        }
    }

    private static func fill(
        _ store: SQLiteStateStore, _ workload: StoreBenchWorkload, from: Int, to end: Int, batch: Int
    ) async throws {
        var i = from
        while i < end {
            var change = workload.change(i)
            for j in (i + 1)..<min(i + batch, end) {
                let next = workload.change(j)
                change.heads += next.heads
                change.reportedCommits += next.reportedCommits
                change.events += next.events
            }
            _ = try await store.apply(change)
            i = min(i + batch, end)
        }
    }

    /// Applies `count` single-event changes (one transaction each, as the engine does); returns changes per second.
    private static func timeWrites(
        _ store: SQLiteStateStore, _ workload: StoreBenchWorkload, from: Int, count: Int
    ) async throws -> Double {
        let started = ContinuousClock.now
        try await fill(store, workload, from: from, to: from + count, batch: 1)
        return Double(count) / seconds(ContinuousClock.now - started)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
