import ArgumentParser
import Foundation
import Logging
import Notifier
import RxCore
import Watcher

/// `glwatch-dev bench engine-crash-runner` (hidden, internal): the child process of the engine's kill test.
///
/// It runs a `WatchEngine` on one group of a GitLab (the test's fake, on 127.0.0.1) with the on-disk state it is
/// given, and prints one line per finished poll (`<project key> <outcome> <events stored>`); the test
/// (`WatchEngineCrashTests`) pushes commits meanwhile, kills it with SIGKILL at random moments and starts it
/// again, then checks that every pushed commit was announced exactly once. It lives in the shipped executable
/// for the same reason as `store-crash-writer`: the test must kill a real, separate process running the real
/// engine. Not for users.
struct EngineCrashRunnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine-crash-runner",
        abstract: "Internal: the watch engine kill test's child process (polls a group until killed).",
        shouldDisplay: false
    )

    @Option(help: "The GitLab base URL (the test's fake GitLab).")
    var gitlab: String

    @Option(help: "The state database (a throwaway file).")
    var state: String

    @Option(help: "The group whose projects are watched.")
    var group: String

    @Option(help: "The base poll interval in seconds.")
    var interval = 0.05

    @Option(help: "Stop after this many polls (default: run until killed).")
    var polls: Int?

    func run() async throws {
        guard let host = URL(string: gitlab) else { throw ValidationError("--gitlab: not a URL: \(gitlab)") }
        var logger = Logger(label: "glwatch.engine-crash-runner")
        logger.logLevel = .error
        let transport = try AsyncHTTPClientGitLabTransport()
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let client = GitLabClient(
            host: host,
            auth: .none,
            transport: transport,
            scheduler: scheduler,
            configuration: GitLabClientConfiguration(
                userAgent: "glwatch/\(GLWatchVersion.current) (crash test)",
                pace: nil,
                logger: logger
            )
        )
        let store = try SQLiteStateStore(StoreConfiguration(path: state))
        let engine = WatchEngine(
            clients: ["fake": client],
            targets: [
                WatchTarget(
                    instance: "fake",
                    scope: .group(.path(group)),
                    cadence: Cadence(base: interval, ceiling: interval * 2, jitter: 0.3)
                )
            ],
            store: store,
            router: EventRouter(rules: [Rule(name: "all", action: .notify(Rule.Notify(sinks: ["crash"])))]),
            scheduler: scheduler,
            configuration: EngineConfiguration(),
            logger: logger
        )
        let activity = engine.activity.values
        let running = engine.start()
        var count = 0
        for try await event in activity {
            guard case .polled(let report) = event else { continue }
            FileHandle.standardOutput.write(Data("\(report.project) \(report.outcome) \(report.eventsStored)\n".utf8))
            count += 1
            if let polls, count >= polls { break }
        }
        running.dispose()
        try store.close()
        try await transport.shutdown()
    }
}
