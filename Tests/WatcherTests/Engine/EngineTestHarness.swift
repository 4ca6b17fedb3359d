import FakeGitLab
import Foundation
import Notifier
import RxCore
import Synchronization
import Logging

@testable import Watcher

/// A fake GitLab, a live client for it, a real SQLite store in a temporary directory and a poller factory:
/// what the engine's integration tests need, cleaned up afterwards.
struct EngineTestHarness {
    let fake: FakeGitLab
    let client: GitLabClient
    let store: SQLiteStateStore
    let clock: TestClock

    /// Runs `body` with a started fake GitLab (populated by the caller beforehand) and a fresh store; the client
    /// waits on `scheduler` (a live one by default).
    static func run(
        _ fake: FakeGitLab,
        auth: GitLabAuth = .none,
        scheduler: (any SchedulerType)? = nil,
        configuration: GitLabClientConfiguration = GitLabTestHarness.configuration(),
        wrap: (@Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport)? = nil,
        credentials: (any GitLabCredentialSource)? = nil,
        _ body: (EngineTestHarness) async throws -> Void
    ) async throws {
        let directory = TemporaryDirectory()
        try await GitLabTestHarness.withClient(
            fake, auth: auth, scheduler: scheduler, configuration: configuration, wrap: wrap, credentials: credentials
        ) { client in
            let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.sqlite")))
            // Closed after the body, whatever it did: an open store holds descriptors of files already removed.
            defer { try? store.close() }
            try await body(EngineTestHarness(fake: fake, client: client, store: store, clock: TestClock()))
        }
    }

    /// A poller for `project`, keyed under the instance `fake`, writing to `store` (the harness's by default).
    func poller(
        _ project: FakeProject,
        options: PollOptions = PollOptions(),
        idlePolls: IdlePollLedger? = nil,
        router: EventRouter = EventRouter(rules: []),
        store: (any StateStore)? = nil
    ) -> ProjectPoller {
        let source = GitLabProjectSource(client: client)
        return ProjectPoller(
            key: ProjectKey(instance: "fake", id: project.id),
            options: options,
            source: source,
            store: store ?? self.store,
            router: router,
            changedPaths: GitLabChangedPaths(source: source, project: project.id),
            idlePolls: idlePolls,
            now: clock.now
        )
    }

    /// The store key of `project`.
    func key(_ project: FakeProject) -> ProjectKey {
        ProjectKey(instance: "fake", id: project.id)
    }

    /// The stored status of `project`.
    func status(of project: FakeProject) async throws -> ProjectStatus? {
        try await store.projectState(key(project))?.record.status
    }

    /// Every stored event of `project`, oldest first, decoded.
    func events(of project: FakeProject) async throws -> [WatchEvent] {
        try await store.recentEvents(EventFilter(projectKey: "fake/\(project.id)", limit: 10_000))
            .reversed()
            .map { try WatchEvent(outbox: $0.event) }
    }
}

/// A clock that moves one minute every time it is read, so successive polls have distinct, known times.
final class TestClock: Sendable {
    private let ticks = Mutex(0)

    var now: @Sendable () -> Date {
        { Date(timeIntervalSince1970: 1_800_000_000 + 60 * Double(self.ticks.withLock { $0 += 1; return $0 })) }
    }
}

extension EngineTestHarness {
    /// A target covering `group` (with subgroups) on the fake, polled every `base` seconds.
    func groupTarget(_ group: String, base: TimeInterval = 60, includeArchived: Bool = false) -> WatchTarget {
        WatchTarget(
            instance: "fake",
            scope: .group(.path(group), includeSubgroups: true, includeArchived: includeArchived),
            cadence: Cadence(base: base)
        )
    }

    /// An engine on the fake with the harness's store, a live scheduler and no rules.
    func engine(
        targets: [WatchTarget],
        store: (any StateStore)? = nil,
        scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .default),
        configuration: EngineConfiguration = EngineConfiguration(),
        router: EventRouter = EventRouter(rules: []),
        leases: (any ProjectLeaseFilter)? = nil
    ) -> WatchEngine {
        WatchEngine(
            clients: ["fake": client],
            targets: targets,
            store: store ?? self.store,
            router: router,
            scheduler: scheduler,
            configuration: configuration,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            random: FixedJitter(fraction: 0.5),
            leases: leases
        )
    }
}
