import Foundation
import Notifier

@testable import Watcher

/// A store filled the way a real watcher fills it: the CLI fixture (`glwatch/sample`, one event of every type,
/// deliveries waiting, delivered and dead), a hostile project whose path, commit title and author name are HTML,
/// and `extraProjects` quiet projects (`team/service-001`…) for search, sort and paging.
final class StatusPageFixture {
    static let hostileTitle = "<img src=x onerror=alert(1)>"
    static let hostilePath = "evil/<script>alert('path')</script>"
    static let hostileAuthor = "\"><svg onload=alert(2)>"
    static let hostileProject = ProjectKey(instance: "gitlab.example.com", id: 666)
    /// "Now" for the page: an hour after the fixture's events.
    static let now = Sample.time(3600)

    let directory = TemporaryDirectory()
    let store: SQLiteStateStore

    init(extraProjects: Int = 120) async throws {
        store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.db")))
        try await CLIStateFixture.seed(store)
        let hostile = Self.hostileEvent
        var records = [ProjectRecord(key: Self.hostileProject, path: Self.hostilePath)]
        records[0].lastPollAt = Sample.time(1800)
        records[0].lastSuccessAt = Sample.time(1800)
        for index in 1...max(1, extraProjects) {
            let number = String(index)
            var record = ProjectRecord(
                key: ProjectKey(instance: "gitlab.example.com", id: Int64(1000 + index)),
                path: "team/service-" + String(repeating: "0", count: max(0, 3 - number.count)) + number
            )
            record.lastPollAt = Sample.time(Double(index))
            record.consecutiveFailures = index % 10 == 0 ? index / 10 : 0
            records.append(record)
        }
        _ = try await store.apply(
            StateChange(
                at: Sample.time(1800),
                projects: Array(records.prefix(extraProjects + 1)),
                heads: [.set(project: Self.hostileProject, branch: "main", sha: String(repeating: "9", count: 40))],
                events: [
                    PlannedEvent(
                        event: try hostile.outboxEvent(createdAt: Sample.time(1800)),
                        deliveries: [PlannedDelivery(sink: "chat", rule: "everything", notBefore: Sample.time(1800))]
                    )
                ]
            )
        )
    }

    /// A push to the hostile project whose commit title and author name are markup.
    static var hostileEvent: WatchEvent {
        let author = Person(name: hostileAuthor, email: "mallory@example.com")
        let project = ProjectRef(
            instance: hostileProject.instance,
            id: hostileProject.id,
            path: hostilePath,
            name: "<b>evil</b>",
            webURL: "https://gitlab.example.com/evil/x"
        )
        let commit = Commit(
            id: String(repeating: "9", count: 40),
            message: hostileTitle + "\n\nbody </pre><script>alert(3)</script>",
            author: author,
            authoredAt: CommitTimestamp(date: Sample.time(1700), utcOffsetSeconds: 0),
            parentIDs: [String(repeating: "8", count: 40)],
            webURL: "https://gitlab.example.com/evil/x/-/commit/9999"
        )
        return .commitsNew(
            project: project,
            branch: "main",
            before: String(repeating: "8", count: 40),
            after: commit.id,
            commits: CommitList(commits: [commit]),
            at: Sample.time(1800)
        )
    }

    /// The API over the fixture, at `now`, with a running watcher's live state when given.
    func api(
        configuredSinks: [String] = ["chat", "ops"],
        engine: (any EngineStatusSource)? = nil,
        breakers: (any SinkBreakerSource)? = nil
    ) -> StatusAPI {
        StatusAPI(
            store: store,
            statePath: store.path,
            configuredSinks: configuredSinks,
            startedAt: Sample.time(0),
            health: nil,
            now: { StatusPageFixture.now },
            engine: engine,
            breakers: breakers
        )
    }
}

/// A running engine's live state, as a test sets it.
struct FakeEngineStatus: EngineStatusSource {
    var instances: [InstanceStatus] = []
    var projects: [ProjectKey: ProjectLiveStatus] = [:]

    func instanceStatuses() -> [InstanceStatus] { instances }
    func projectStatuses() -> [ProjectKey: ProjectLiveStatus] { projects }
}

/// A running delivery side's circuit breakers, as a test sets them.
struct FakeBreakers: SinkBreakerSource {
    var states: [String: CircuitBreaker.State]

    func breakerStates() -> [String: CircuitBreaker.State] { states }
}
