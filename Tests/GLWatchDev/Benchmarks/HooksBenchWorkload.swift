import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Watcher

/// `glwatch-dev bench hooks`'s scenario (issue 15): 200 projects of the fake GitLab over HTTP, polled every 60 s,
/// pushed to at random (a Poisson stream); watched by glwatch with polling only, with GitLab's webhooks, and with
/// half of the webhooks dropped — in real time, through the real listener, receiver, engine and SQLite store.
///
/// A push's latency runs from the push to the end of the poll that stored its events (and the deliveries they
/// plan: the outbox commit the delivery service sends from). A push no poll has stored `drain` seconds after the
/// last push is lost.
struct HooksBenchWorkload {
    /// How glwatch hears of pushes.
    enum Mode: String, CaseIterable, Sendable {
        case polling = "polling only"
        case hooks = "hooks"
        case halfDropped = "hooks, half dropped"

        var dropFraction: Double? {
            switch self {
            case .polling: nil
            case .hooks: 0
            case .halfDropped: 0.5
            }
        }
    }

    var projects = 200
    var interval: TimeInterval = 60
    var duration: TimeInterval = 60
    var pushesPerSecond = 2.0
    var warmUp: TimeInterval = 5
    var maxConcurrentPolls = 8
    var seed: UInt64 = 15
    var directory: String

    /// What one run measured.
    struct Result: Sendable {
        var mode: Mode
        var pushes = 0
        var latencies: [TimeInterval] = []
        var unresolved = 0
        var hooksSent = 0
        var hooksDropped = 0
    }

    /// Builds a fresh fake, watches it in `mode` while pushes happen, and returns the figures.
    func run(_ mode: Mode) async throws -> Result {
        let fake = FakeGitLab()
        _ = fake.addGroup("bench")
        let projects = (0..<projects).map { fake.addProject("bench/project-\($0)") }
        for project in projects { project.commits(3) }
        try await fake.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let logger = Logger(label: "glwatch.bench", factory: { _ in SwiftLogNoOpLogHandler() })
        let client = GitLabClient(
            host: fake.baseURL,
            auth: .none,
            transport: transport,
            scheduler: scheduler,
            configuration: GitLabClientConfiguration(userAgent: "glwatch/bench", pace: nil, logger: logger)
        )
        let store = try SQLiteStateStore(
            StoreConfiguration(path: directory + "/hooks-bench-\(UUID().uuidString).sqlite")
        )
        let engine = WatchEngine(
            clients: ["bench": client],
            targets: [
                WatchTarget(
                    instance: "bench",
                    scope: .group(.path("bench")),
                    cadence: Cadence(base: interval, ceiling: interval)
                )
            ],
            store: store,
            router: EventRouter(rules: []),
            scheduler: scheduler,
            configuration: EngineConfiguration(maxConcurrentPollsPerHost: maxConcurrentPolls),
            logger: logger
        )
        var listener: HookListener?
        do {
            _ = await engine.pollAllOnce()  // the silent baseline, not measured
            if let drop = mode.dropFraction {
                let receiver = try HookReceiver(
                    token: Secret("bench-hook-token"),
                    instance: "bench",
                    target: engine,
                    repeats: HookRepeats(now: { Date() }),
                    logger: logger
                )
                let hooks = HookListener(
                    configuration: .init(host: "127.0.0.1", port: 0, path: "/gitlab"),
                    receiver: receiver,
                    logger: logger
                )
                let port = try await hooks.start()
                listener = hooks
                fake.sendHooks(
                    FakeHookSettings(
                        url: URL(string: "http://127.0.0.1:\(port)/gitlab")!,
                        token: "bench-hook-token",
                        dropFraction: drop,
                        seed: seed ^ 0x5EED_D809  // not the push stream's sequence
                    )
                )
            }
            let result = try await measure(mode, fake: fake, projects: projects, engine: engine)
            await listener?.stop()
            try await transport.shutdown()
            await fake.stop()
            return result
        } catch {
            await listener?.stop()
            try? await transport.shutdown()
            await fake.stop()
            throw error
        }
    }

    private func measure(
        _ mode: Mode,
        fake: FakeGitLab,
        projects: [FakeProject],
        engine: WatchEngine
    ) async throws -> Result {
        let latencies = LatencySamples()
        let following = engine.activity.subscribe(onNext: { activity in
            guard case .polled(let report) = activity, report.eventsStored > 0 else { return }
            latencies.stored(report.project, at: report.startedAt.addingTimeInterval(report.duration), group: "all")
        })
        let running = engine.start()
        defer {
            running.dispose()
            following.dispose()
        }
        let clock = ContinuousClock()
        try await clock.sleep(for: .seconds(warmUp))  // the start's first polls of every project
        var random = FakeSplitMix64(seed: seed)
        var result = Result(mode: mode)
        let end = clock.now + .seconds(duration)
        var next = clock.now
        while true {
            // Exponential gaps: a Poisson stream of pushes at `pushesPerSecond`.
            let gap = -log(1 - Double.random(in: 0..<1, using: &random)) / pushesPerSecond
            next = next + .seconds(gap)
            guard next < end else { break }
            try await clock.sleep(until: next)
            let project = projects[Int.random(in: 0..<projects.count, using: &random)]
            project.commits(1, titlePrefix: "Bench push")
            latencies.pushed(ProjectKey(instance: "bench", id: project.id), at: Date())
            result.pushes += 1
        }
        // Let the last pushes be seen: a dropped hook's push waits for its project's next poll.
        let deadline = clock.now + .seconds(interval + 15)
        while latencies.unresolved > 0, clock.now < deadline { try await clock.sleep(for: .milliseconds(100)) }
        result.latencies = latencies.latencies("all")
        result.unresolved = latencies.unresolved
        result.hooksSent = fake.sentHooks.filter { !$0.dropped }.count
        result.hooksDropped = fake.sentHooks.filter(\.dropped).count
        return result
    }
}
