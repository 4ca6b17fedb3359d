import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore

/// `glwatch demo`'s script: a fake GitLab on 127.0.0.1, the real engine, store, rules and stdout sink watching
/// it, and a few scripted changes — pushes, a new contributor, a new branch, a force-push — each followed by one
/// poll cycle and one delivery pass, so the notifications appear right under the change that caused them.
///
/// Everything but GitLab is what `glwatch run` uses; the state lives in a throwaway directory.
struct DemoScenario {
    /// Where the narration and the notifications go.
    let output: any TextOutput
    /// The scheduler the client, engine and delivery run on.
    let scheduler: any SchedulerType
    /// Where the demo keeps its state (removed afterwards by the caller).
    let stateDirectory: String
    /// The logger for the watcher's own logs (warnings only, so the notifications stand out).
    let logger: Logger

    /// The rules the demo routes with: every event to the terminal.
    static let rules = """
        sinks:
          terminal:
            type: stdout
        rules:
          - name: everything
            notify: [terminal]
        """

    /// Runs the script; returns how many notifications were printed.
    func run() async throws -> Int {
        let fake = FakeGitLab()
        let ada = FakeAuthor(name: "Ada Lovelace", email: "ada@example.com", utcOffsetMinutes: 60)
        let linus = FakeAuthor(name: "Linus Torvalds", email: "linus@example.com", utcOffsetMinutes: -420)
        let grace = FakeAuthor(name: "Grace Hopper", email: "grace@example.com", utcOffsetMinutes: -300)
        let project = fake.addProject("acme/rocket", description: "A rocket, in Swift")
        project.generateHistory(commits: 40, authors: [ada, linus], mergeEvery: nil)
        try await fake.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        do {
            let count = try await watch(fake, project: project, authors: (ada, linus, grace), transport: transport)
            try await transport.shutdown()
            await fake.stop()
            return count
        } catch {
            try? await transport.shutdown()
            await fake.stop()
            throw error
        }
    }

    private func watch(
        _ fake: FakeGitLab,
        project: FakeProject,
        authors: (ada: FakeAuthor, linus: FakeAuthor, grace: FakeAuthor),
        transport: AsyncHTTPClientGitLabTransport
    ) async throws -> Int {
        let notifier = try NotifierConfiguration.load(yaml: Self.rules, file: "demo rules")
        let store = try SQLiteStateStore(StoreConfiguration(path: stateDirectory + "/state.db", durability: .normal))
        defer { try? store.close() }
        var clientLogger = logger
        clientLogger.logLevel = .error
        let client = GitLabClient(
            host: fake.baseURL,
            auth: .none,
            transport: transport,
            scheduler: scheduler,
            configuration: GitLabClientConfiguration(
                userAgent: "glwatch/\(GLWatchVersion.current) (demo)",
                pace: nil,
                logger: clientLogger
            )
        )
        let engine = WatchEngine(
            clients: ["demo": client],
            targets: [
                WatchTarget(
                    instance: "demo",
                    scope: .project(.path("acme/rocket")),
                    options: PollOptions(branches: .all),
                    cadence: Cadence(base: 60)
                )
            ],
            store: store,
            router: notifier.router,
            scheduler: scheduler,
            logger: logger
        )
        let printed = CountingOutput(base: output)
        let delivery = DeliveryService(
            sinks: notifier.makeSinks(transport: OfflineTransport(), output: printed),
            queue: store,
            templates: notifier.templates,
            policies: notifier.policies,
            scheduler: scheduler,
            logger: logger
        )

        try say("glwatch demo: a fake GitLab is running at \(fake.baseURL.absoluteString) (no token, no network).")
        try say("It hosts acme/rocket with 40 commits. glwatch watches every branch of it, with one rule:")
        try say("every event goes to the terminal.\n")
        let baseline = await engine.pollAllOnce()
        try say(
            "▸ First poll: glwatch records where each branch stands (\(baseline.polled) project, "
                + "\(project.branches.count) branch). A first poll announces nothing: only changes are news.\n"
        )

        try await step("Ada pushes two commits to main", engine, delivery) {
            project.push(
                [
                    FakeCommitSpec("Tune the fuel mixture", author: authors.ada, files: ["Sources/Engine.swift"]),
                    FakeCommitSpec("Document the launch sequence", author: authors.ada, files: ["docs/launch.md"]),
                ],
                to: "main"
            )
        }
        try await step("Grace Hopper, who never committed here before, pushes her first commit", engine, delivery) {
            project.commit(
                "Add a compiler for the guidance computer",
                on: "main",
                by: authors.grace,
                files: ["Sources/Guidance.swift"]
            )
        }
        try await step("Linus creates the branch feature/boosters with a commit on it", engine, delivery) {
            project.createBranch("feature/boosters", from: "main")
            project.commit(
                "Strap on two boosters",
                on: "feature/boosters",
                by: authors.linus,
                files: ["Sources/Boosters.swift"]
            )
        }
        try await step("Linus rewrites feature/boosters and force-pushes it", engine, delivery) {
            project.rewrite("feature/boosters", dropping: 1, adding: 1, by: authors.linus)
        }
        try await step("Someone deletes feature/boosters", engine, delivery) {
            project.deleteBranch("feature/boosters")
        }
        try say(
            """
            That was glwatch: \(printed.notifications) notifications from \(fake.requests.count) GitLab requests.

            Next steps:
              glwatch init                 write a commented starter config (glwatch.yml)
              glwatch check                validate it, with file:line:column errors
              glwatch run                  watch for real (SIGHUP reloads, SIGTERM stops cleanly)
              glwatch --help               every command, each with an example
            """
        )
        return printed.notifications
    }

    private func step(
        _ narration: String,
        _ engine: WatchEngine,
        _ delivery: DeliveryService,
        change: () -> Void
    ) async throws {
        try say("▸ \(narration)…")
        change()
        let cycle = await engine.pollAllOnce()
        guard cycle.isSuccess else { throw CLIError("the demo's poll failed: \(cycle)") }
        _ = await delivery.deliverDueOnce()
    }

    private func say(_ text: String) throws {
        try output.write(text + "\n")
    }
}

/// Passes text to `base`, counting the notifications (one per write: the stdout sink writes each whole).
private final class CountingOutput: TextOutput, @unchecked Sendable {
    // @unchecked: `count` is only touched by the stdout sink's sends, which the delivery pass runs one at a time.
    let base: any TextOutput
    private(set) var notifications = 0

    init(base: any TextOutput) {
        self.base = base
    }

    var isTerminal: Bool { base.isTerminal }

    func write(_ text: String) throws {
        notifications += 1
        try base.write(text)
    }
}
