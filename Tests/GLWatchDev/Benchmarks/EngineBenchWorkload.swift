import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Synchronization
import Watcher

/// `glwatch-dev bench engine`'s scenario: one group of projects on the fake GitLab, a few busy (pushed to most cycles),
/// the rest idle; the real `WatchEngine` watching it in real time against a naive poller.
///
/// Real time on purpose: a benchmark measures what a user's machine would do. Both sides talk HTTP to the same
/// in-process fake over 127.0.0.1, so CPU figures include the fake answering them (the same fake for both).
struct EngineBenchWorkload {
    /// Projects in the group.
    var projects = 200
    /// Projects pushed to most cycles.
    var busy = 10
    /// Cycles (base intervals) measured.
    var cycles = 50
    /// The engine's base poll interval, and the length of one cycle.
    var interval: TimeInterval = 1
    /// The chance that a busy project gets a push in a cycle.
    var busyPushChance = 0.8
    /// Pushes to random idle projects, spread evenly over the run (their latency is the price of backing off).
    var idlePushes = 10
    /// Commits of history each project starts with.
    var historyCommits = 20
    /// Polls in flight against the host at once.
    var maxConcurrentPolls = 8
    /// Where the state database goes.
    var directory: String

    /// Everything measured.
    struct Result {
        var engineRequests = 0
        var engineDiscoveryRequests = 0
        var engineBytes = 0
        var engineCPU: Duration = .zero
        var engineWall: Duration = .zero
        var polls = 0
        var commitsPushed = 0
        var busyLatencies: [TimeInterval] = []
        var idleLatencies: [TimeInterval] = []
        var unresolvedPushes = 0
        var naiveRequests = 0
        var naiveBytes = 0
        var naiveCPU: Duration = .zero
    }

    /// Builds the fake, runs the engine, then the naive poller, and returns the figures.
    func run() async throws -> Result {
        let (fake, all, authors) = Self.makeFake(projects: projects, historyCommits: historyCommits)
        try await fake.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        do {
            let result = try await measure(fake: fake, projects: all, authors: authors, transport: transport)
            try await transport.shutdown()
            await fake.stop()
            return result
        } catch {
            try? await transport.shutdown()
            await fake.stop()
            throw error
        }
    }

    /// A fake GitLab with one group `bench` of `projects` projects, each with `historyCommits` commits on `main`.
    static func makeFake(projects: Int, historyCommits: Int) -> (FakeGitLab, [FakeProject], [FakeAuthor]) {
        let fake = FakeGitLab()
        let authors = (1...5).map { FakeAuthor(name: "Author \($0)", email: "author\($0)@example.com") }
        _ = fake.addGroup("bench")
        let all = (0..<projects).map { index in
            let project = fake.addProject("bench/project-\(index)")
            project.commits(historyCommits, by: authors)
            return project
        }
        return (fake, all, authors)
    }

    /// A quiet client of `fake` (no pacing) over `transport`, and an engine watching the group `bench` with it.
    static func makeEngine(
        fake: FakeGitLab,
        transport: any GitLabHTTPTransport,
        store: any StateStore,
        interval: TimeInterval,
        maxConcurrentPolls: Int
    ) -> (WatchEngine, any SchedulerType) {
        var logger = Logger(label: "glwatch.bench")
        logger.logLevel = .error
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let client = GitLabClient(
            host: fake.baseURL,
            auth: .none,
            transport: transport,
            scheduler: scheduler,
            configuration: GitLabClientConfiguration(
                userAgent: "glwatch/\(GLWatchVersion.current) (bench)",
                pace: nil,
                logger: logger
            )
        )
        let engine = WatchEngine(
            clients: ["bench": client],
            targets: [WatchTarget(instance: "bench", scope: .group(.path("bench")), cadence: Cadence(base: interval))],
            store: store,
            router: EventRouter(rules: []),
            scheduler: scheduler,
            configuration: EngineConfiguration(maxConcurrentPollsPerHost: maxConcurrentPolls),
            logger: logger
        )
        return (engine, scheduler)
    }

    private func measure(
        fake: FakeGitLab,
        projects: [FakeProject],
        authors: [FakeAuthor],
        transport: AsyncHTTPClientGitLabTransport
    ) async throws -> Result {
        let counting = ByteCountingTransport(wrapping: transport)
        let store = try SQLiteStateStore(StoreConfiguration(path: directory + "/engine-bench.sqlite"))
        let (engine, scheduler) = Self.makeEngine(
            fake: fake,
            transport: counting,
            store: store,
            interval: interval,
            maxConcurrentPolls: maxConcurrentPolls
        )
        _ = await engine.pollAllOnce()  // the silent baseline of every project, not measured

        let busyKeys = Set(projects.prefix(busy).map { ProjectKey(instance: "bench", id: $0.id) })
        let latencies = LatencySamples()
        let polls = Mutex(0)
        let following = engine.activity.subscribe(onNext: { activity in
            guard case .polled(let report) = activity else { return }
            polls.withLock { $0 += 1 }
            guard report.eventsStored > 0 else { return }
            let group = busyKeys.contains(report.project) ? "busy" : "idle"
            latencies.stored(report.project, at: report.startedAt.addingTimeInterval(report.duration), group: group)
        })
        defer { following.dispose() }

        var result = Result()
        var random = SystemRandomNumberGenerator()
        let idleEvery = max(1, cycles / max(1, idlePushes))
        var idlePushed = 0
        counting.reset()
        fake.resetRequestLog()
        let clock = ContinuousClock()
        let started = clock.now
        let cpuStart = ProcessStats.cpuTime()
        let running = engine.start()
        for cycle in 0..<cycles {
            for project in projects.prefix(busy) where Double.random(in: 0..<1, using: &random) < busyPushChance {
                let count = 1 + Int(random.next() % 3)
                project.commits(count, by: authors, titlePrefix: "Cycle \(cycle)")
                latencies.pushed(ProjectKey(instance: "bench", id: project.id), at: scheduler.now)
                result.commitsPushed += count
            }
            if projects.count > busy, cycle % idleEvery == idleEvery / 2, idlePushed < idlePushes {
                idlePushed += 1
                let project = projects[busy + Int(random.next() % UInt64(projects.count - busy))]
                project.commits(1, by: authors, titlePrefix: "Idle push")
                latencies.pushed(ProjectKey(instance: "bench", id: project.id), at: scheduler.now)
                result.commitsPushed += 1
            }
            try await clock.sleep(until: started + .seconds(interval * Double(cycle + 1)))
        }
        result.engineWall = clock.now - started
        result.engineCPU = ProcessStats.cpuTime() - cpuStart
        (result.engineRequests, result.engineBytes) = counting.totals
        result.engineDiscoveryRequests = fake.requestCount(matching: FakeRequestMatcher(pathContains: "/groups/"))
        result.polls = polls.withLock { $0 }
        // Let the pushes of the last cycles (and idle projects at their longest interval) be seen; not measured.
        let drainDeadline = clock.now + .seconds(Cadence(base: interval).ceiling * 2)
        while latencies.unresolved > 0, clock.now < drainDeadline {
            try await clock.sleep(for: .milliseconds(100))
        }
        running.dispose()
        result.busyLatencies = latencies.latencies("busy")
        result.idleLatencies = latencies.latencies("idle")
        result.unresolvedPushes = latencies.unresolved

        var logger = Logger(label: "glwatch.bench")
        logger.logLevel = .error
        let client = GitLabClient(
            host: fake.baseURL,
            auth: .none,
            transport: counting,
            scheduler: scheduler,
            configuration: GitLabClientConfiguration(userAgent: "glwatch/bench", pace: nil, logger: logger)
        )
        let naive = try await NaivePoller(client: client, projectIDs: projects.map(\.id), concurrency: maxConcurrentPolls)
            .run(cycles: cycles, interval: interval, counting: counting)
        (result.naiveRequests, result.naiveBytes, result.naiveCPU) = (naive.requests, naive.bytes, naive.cpu)
        return result
    }
}
