import Foundation
import Notifier
import Watcher

/// The rows `glwatch-dev bench store` writes: change `i` is one poll that found a push of `commitsPerEvent`
/// commits to a project's `main` — a head update, the commits marked reported, and one `commits.new` event
/// queued for one sink.
struct StoreBenchWorkload: Sendable {
    /// Events (and changes) to write.
    var events: Int
    /// Reported commits per event.
    var commitsPerEvent: Int
    /// Projects the events are spread over (round robin).
    var projects: Int

    /// The fixed time the synthetic changes start at (the benchmark never reads the wall clock for data).
    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    /// The sink every event is queued for.
    static let sink = "team-chat"
    /// The rule that queued it.
    static let rule = "main-pushes"

    /// The project of change `i`.
    func project(ofChange i: Int) -> ProjectKey {
        ProjectKey(instance: "bench.test", id: Int64(i % projects + 1))
    }

    /// The records of every project, written before timing starts.
    func projectRecords() -> [ProjectRecord] {
        (0..<projects).map { ProjectRecord(key: project(ofChange: $0), path: "bench/project-\($0 + 1)") }
    }

    /// The `k`th commit SHA of change `i`.
    func sha(change i: Int, index k: Int) -> String {
        let high = String(i, radix: 16)
        let low = String(k, radix: 16)
        return String(repeating: "0", count: 16 - high.count) + high + String(repeating: "0", count: 8 - low.count)
            + low + "aaaaaaaaaaaaaaaa"
    }

    /// The time stamped on change `i`.
    func time(ofChange i: Int) -> Date { Self.start.addingTimeInterval(TimeInterval(i) / 1000) }

    /// The event of change `i`, with a payload of typical size (~450 bytes of JSON).
    func event(ofChange i: Int) -> OutboxEvent {
        let project = project(ofChange: i)
        let payload = """
            {"version":1,"id":"bench-\(i)","type":"commits.new","project":{"id":\(project.id),\
            "path":"bench/project-\(project.id)","web_url":"https://bench.test/bench/project-\(project.id)"},\
            "branch":"main","total":\(commitsPerEvent),"commits":[{"id":"\(sha(change: i, index: 0))",\
            "title":"Fix the frobnicator when the widget is empty","author":{"name":"Ann Example",\
            "email":"ann@example.com"},"web_url":"https://bench.test/bench/project-\(project.id)/-/commit/\
            \(sha(change: i, index: 0))"}]}
            """
        return OutboxEvent(
            id: "bench-\(i)",
            type: "commits.new",
            projectKey: project.description,
            branch: "main",
            payload: Data(payload.utf8),
            createdAt: time(ofChange: i)
        )
    }

    /// Change `i` as the engine would apply it.
    func change(_ i: Int) -> StateChange {
        let project = project(ofChange: i)
        let at = time(ofChange: i)
        return StateChange(
            at: at,
            heads: [.set(project: project, branch: "main", sha: sha(change: i, index: commitsPerEvent - 1))],
            reportedCommits: [
                StateChange.ReportedCommits(
                    project: project,
                    shas: (0..<commitsPerEvent).map { sha(change: i, index: $0) }
                )
            ],
            events: [
                PlannedEvent(
                    event: event(ofChange: i),
                    deliveries: [PlannedDelivery(sink: Self.sink, rule: Self.rule, notBefore: at)]
                )
            ]
        )
    }
}
