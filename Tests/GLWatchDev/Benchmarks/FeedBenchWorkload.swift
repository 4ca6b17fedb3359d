import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Synchronization
import Watcher

/// `glwatch-dev bench feed`'s scenario (issue 14): 500 projects in one group of the fake GitLab over HTTP — 480 the
/// token's user is a member of, 20 public ones she is not — watched by glwatch with the change feed, by the
/// per-project engine (the feed off) and by a naive poller, in real time.
///
/// Every cycle the busy tenth of the projects gets a push (fleet `busy` only) and one project never pushed before
/// gets one (both fleets): their push-to-event latencies are the `busy` and `idle` figures. Cost is counted after
/// `warmUp` cycles, so the per-project engine's idle backoff has settled.
struct FeedBenchWorkload {
    /// Who watches.
    enum Mode: String, CaseIterable, Sendable {
        case feed = "glwatch (feed)"
        case perProject = "per-project engine"
        case naive = "naive poller"
    }

    /// Which pushes happen.
    enum Fleet: String, CaseIterable, Sendable {
        case idle
        case busy
    }

    var members = 480
    var outsiders = 20
    var cycles = 20
    var warmUp = 15
    var interval: TimeInterval = 1
    var busyShare = 0.1
    /// Each push event becomes visible after a random delay up to this many seconds.
    var shuffle: TimeInterval = 0
    var maxConcurrentPolls = 8
    var directory: String

    /// What one run measured.
    struct Result: Sendable {
        var mode: Mode
        var fleet: Fleet
        var shuffle: TimeInterval
        var requests = 0
        var bytes = 0
        var pushes = 0
        var busy: [TimeInterval] = []
        var idle: [TimeInterval] = []
        var unresolved = 0
    }

    /// The busy fleet pushes to every `stride`th project: `busyShare` of them, rounded.
    static func stride(busyShare: Double) -> Int { max(1, Int((1 / busyShare).rounded())) }

    /// Builds a fresh fake, watches it with `mode` while `fleet`'s pushes happen, and returns the figures.
    func run(_ mode: Mode, _ fleet: Fleet) async throws -> Result {
        let fake = FakeGitLab()
        let alice = fake.addUser("alice")
        let token = fake.addPersonalAccessToken(for: alice)
        _ = fake.addGroup("bench")
        let projects =
            (0..<members).map { fake.addProject("bench/member-\($0)", visibility: .private, members: [alice]) }
            + (0..<outsiders).map { fake.addProject("bench/public-\($0)") }
        for project in projects { project.commits(3) }
        fake.eventVisibility = shuffle > 0 ? .shuffled(upTo: shuffle, seed: 14) : .immediate
        try await fake.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        let counting = ByteCountingTransport(wrapping: transport)
        var logger = Logger(label: "glwatch.bench")
        logger.logLevel = .error
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let client = GitLabClient(
            host: fake.baseURL,
            auth: .privateToken(GitLabSecret(token)),
            transport: counting,
            scheduler: scheduler,
            configuration: GitLabClientConfiguration(userAgent: "glwatch/bench", pace: nil, logger: logger)
        )
        do {
            let result = try await measure(
                mode, fleet, fake: fake, projects: projects, client: client, scheduler: scheduler, counting: counting
            )
            try await transport.shutdown()
            await fake.stop()
            return result
        } catch {
            try? await transport.shutdown()
            await fake.stop()
            throw error
        }
    }

    private func measure(
        _ mode: Mode, _ fleet: Fleet, fake: FakeGitLab, projects: [FakeProject], client: GitLabClient,
        scheduler: any SchedulerType, counting: ByteCountingTransport
    ) async throws -> Result {
        let stride = Self.stride(busyShare: busyShare)
        let busy = fleet == .busy ? projects.enumerated().filter { $0.offset % stride == 0 }.map(\.element) : []
        let busyIDs = Set(busy.map(\.id))
        var quiet = projects.filter { !busyIDs.contains($0.id) }
        var random = FakeSplitMix64(seed: 14)
        quiet.shuffle(using: &random)
        let latencies = LatencySamples()
        let key: @Sendable (Int64) -> ProjectKey = { ProjectKey(instance: "bench", id: $0) }
        let group: @Sendable (Int64) -> String = { busyIDs.contains($0) ? "busy" : "idle" }

        let running: any Disposable
        switch mode {
        case .feed, .perProject:
            let path = directory + "/feed-bench-\(UUID().uuidString).sqlite"
            let store = try SQLiteStateStore(StoreConfiguration(path: path))
            let engine = WatchEngine(
                clients: ["bench": client],
                targets: [
                    WatchTarget(
                        instance: "bench",
                        scope: .group(.path("bench")),
                        // With the feed, projects it cannot see are probed every interval (no idle backoff).
                        cadence: Cadence(base: interval, ceiling: mode == .feed ? interval : nil)
                    )
                ],
                store: store,
                router: EventRouter(rules: []),
                scheduler: scheduler,
                configuration: EngineConfiguration(
                    maxConcurrentPollsPerHost: maxConcurrentPolls,
                    feed: mode == .feed ? FeedConfiguration(instances: ["bench"]) : nil
                ),
                logger: Logger(label: "glwatch.bench", factory: { _ in SwiftLogNoOpLogHandler() })
            )
            _ = await engine.pollAllOnce()  // the silent baseline, not measured
            let following = engine.activity.subscribe(onNext: { activity in
                guard case .polled(let report) = activity, report.eventsStored > 0 else { return }
                let finished = report.startedAt.addingTimeInterval(report.duration)
                latencies.stored(report.project, at: finished, group: group(report.project.id))
            })
            let engineRun = engine.start()
            running = Disposables.create(following, engineRun)
        case .naive:
            let heads = Mutex<[Int64: String]>([:])
            var poller = NaivePoller(client: client, projectIDs: projects.map(\.id), concurrency: maxConcurrentPolls)
            poller.observed = { id, newest in
                let changed = heads.withLock { heads -> Bool in
                    defer { heads[id] = newest }
                    return heads[id] != nil && heads[id] != newest
                }
                if changed { latencies.stored(key(id), at: Date(), group: group(id)) }
            }
            let task = Task { [poller, cycles, warmUp, interval] in
                _ = try? await poller.run(cycles: cycles + warmUp + 30, interval: interval, counting: counting)
            }
            running = Disposables.create { task.cancel() }
        }

        let clock = ContinuousClock()
        var result = Result(mode: mode, fleet: fleet, shuffle: shuffle)
        let started = clock.now
        for cycle in 0..<(warmUp + cycles) {
            if cycle == warmUp {
                counting.reset()
            }
            if cycle >= warmUp {
                for project in busy {
                    project.commits(1, titlePrefix: "Busy \(cycle)")
                    latencies.pushed(key(project.id), at: Date())
                }
                if let project = quiet.popLast() {
                    project.commits(1, titlePrefix: "Idle \(cycle)")
                    latencies.pushed(key(project.id), at: Date())
                }
            }
            try await clock.sleep(until: started + .seconds(interval * Double(cycle + 1)))
        }
        (result.requests, result.bytes) = counting.totals
        result.pushes = (busy.count + 1) * cycles
        // Let the last pushes be seen (not measured); what is still unseen then counts as lost.
        let deadline = clock.now + .seconds(30)
        while latencies.unresolved > 0, clock.now < deadline { try await clock.sleep(for: .milliseconds(100)) }
        running.dispose()
        result.busy = latencies.latencies("busy")
        result.idle = latencies.latencies("idle")
        result.unresolved = latencies.unresolved
        return result
    }
}
