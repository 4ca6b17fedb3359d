import Foundation
import Notifier
import Prometheus
import Testing

@testable import Watcher

@Suite("WatcherMetrics+Help")
struct WatcherMetricsHelpTests {
    @Test("/metrics carries a # HELP line right before the # TYPE line of every metric")
    func testEveryMetric_hasHelpText() {
        // Given every metric recorded once through the Prometheus backend
        let prometheus = PrometheusMetrics()
        let metrics = WatcherMetrics(factory: prometheus.factory)
        metrics.recordPoll(
            project: ProjectKey(instance: "gitlab.com", id: 7), outcome: .changed, duration: 0.02,
            finishedAt: Date(timeIntervalSince1970: 1_800_000_000)
        )
        metrics.recordRequest(host: "gitlab.com", status: "200", duration: 0.01)
        metrics.recordEvents(types: ["commits.new"])
        var pass = DeliveryPass(sink: "ops")
        pass.delivered = 1
        metrics.record(pass)
        var store = StoreMetrics()
        store.queueDepth = ["ops": 1]
        store.deadLetters = ["ops": 0]
        store.oldestWaiting = ["ops": Date(timeIntervalSince1970: 1_799_999_000)]
        store.projectsByStatus = [.active: 1]
        metrics.record(store, now: Date(timeIntervalSince1970: 1_800_000_000))
        metrics.rateLimitWaits("gitlab.com").increment()
        metrics.rateLimited("gitlab.com").record(0)
        metrics.rateLimitRemaining("gitlab.com").record(10)
        metrics.discoveries("ok").increment()
        metrics.watchedProjects.record(1)
        metrics.projectStalled("gitlab.com/42").record(1)
        metrics.replicaLeases("web-1/42/abcd").record(3)
        metrics.replicaLeader("web-1/42/abcd").record(1)
        metrics.replicaDatabaseUp("web-1/42/abcd").record(1)
        metrics.replicaLeaseLosses("web-1/42/abcd").increment()

        // When the registry is rendered for /metrics
        let text = String(decoding: prometheus.registry.exposition(), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)

        // Then every metric is there, each TYPE line preceded by its HELP line
        let typed = lines.enumerated().filter { $0.element.hasPrefix("# TYPE ") }
        let names = typed.map { String($0.element.split(separator: " ")[2]) }
        #expect(Set(names) == Set(WatcherMetrics.allNames))
        #expect(names.count == WatcherMetrics.allNames.count)
        for (index, line) in typed {
            let name = String(line.split(separator: " ")[2])
            #expect(index > 0 && lines[index - 1] == "# HELP \(name) \(WatcherMetrics.help[name] ?? "?")", "\(name)")
        }
        #expect(Set(WatcherMetrics.help.keys) == Set(WatcherMetrics.allNames))
    }

    @Test("a bare TYPE line gains its HELP line; an existing HELP line and unknown metrics are kept as they are")
    func testWithHelp_addsOnlyWhatIsMissing() {
        let input = "# HELP glwatch_polls_total Mine.\n# TYPE glwatch_polls_total counter\n"
            + "# TYPE other_total counter\nother_total 1\n"
        let output = String(decoding: WatcherMetrics.withHelp(Array(input.utf8)), as: UTF8.self)
        #expect(output == input)
        let bare = "# TYPE glwatch_watched_projects gauge\nglwatch_watched_projects 3\n"
        #expect(
            String(decoding: WatcherMetrics.withHelp(Array(bare.utf8)), as: UTF8.self)
                == "# HELP glwatch_watched_projects Projects watched now.\n" + bare
        )
    }
}
