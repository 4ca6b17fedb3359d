import ChildProcess
import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Testing

@testable import Watcher

#if canImport(Glibc)
import Glibc
#endif

/// The engine's crash-safety proof: a child process (`glwatch-dev bench engine-crash-runner`) watches a group of the
/// fake GitLab running in this test, with its state on disk, and is killed with SIGKILL at random moments and
/// started again while the test pushes commits. At the end every pushed commit must be in exactly one stored
/// `commits.new` event, and no event may be stored twice.
///
/// Kill moments are random without sleeping: the test reads the child's one-line-per-poll output and kills it
/// after a random number of lines (sometimes none: mid-start, mid-discovery, mid-baseline), so the kill lands at
/// whatever point of the following polls the child has reached.
@Suite("WatchEngine: killed at random moments")
struct WatchEngineCrashTests {
    let directory = TemporaryDirectory()
    let authors = [
        FakeAuthor(name: "Ann Author", email: "ann@example.com"),
        FakeAuthor(name: "Bob Builder", email: "bob@example.com"),
    ]

    @Test(.timeLimit(.minutes(3)))
    func testChildKilledAtRandomMoments_everyPushedCommitAnnouncedExactlyOnce() async throws {
        let executable = try GLWatchExecutable.locate("glwatch-dev")
        let path = directory.file("state.sqlite")
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = FakeSplitMix64(seed: seed)
        let fake = FakeGitLab()
        let projects = (1...3).map { fake.addProject("crash/p\($0)") }
        for project in projects { project.commits(1, by: [authors[0]]) }
        try await fake.start()
        defer { Task { await fake.stop() } }

        // The silent baseline first, so that every later push must be announced.
        try await pollOnceInProcess(fake: fake, path: path)
        var pushed: [String] = []
        func push() {
            let project = projects[Int.random(in: 0..<projects.count, using: &random)]
            pushed += project.commits(Int.random(in: 1...4, using: &random), by: authors)
        }

        var kills = 0
        var polls = 0
        for round in 0..<30 {
            if Bool.random(using: &random) { push() }  // while glwatch is down
            let child = try ChildProcess(
                executable,
                arguments: [
                    "bench", "engine-crash-runner", "--gitlab", fake.baseURL.absoluteString, "--state", path,
                    "--group", "crash",
                ],
                standardOutput: .pipe,
                standardError: .pipe
            )
            let lines = ChildLines(child.standardOutput!)
            // While it polls: pushes between random numbers of finished polls, so that the kill often lands
            // in a poll that has something to store.
            var read = await lines.skip(Int.random(in: 0...3, using: &random))
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                push()
                read += await lines.skip(Int.random(in: 0...3, using: &random))
            }
            child.send(SIGKILL)
            let end = child.waitUntilExit()
            polls += read
            let stderr = String(decoding: child.standardError!.readDataToEndOfFile(), as: UTF8.self)
            try #require(
                end == .killed(by: SIGKILL),
                "round \(round) (seed \(seed)): child was not killed but ended with \(end): \(stderr)"
            )
            kills += 1
        }

        // Catch up on whatever the last child did not see, then check the store.
        try await pollOnceInProcess(fake: fake, path: path)
        let store = try SQLiteStateStore(StoreConfiguration(path: path))
        defer { try? store.close() }
        let stored = try await store.recentEvents(EventFilter(limit: 100_000))
        let events = try stored.map { try WatchEvent(outbox: $0.event) }
        let announced = events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id)

        #expect(kills == 30)
        #expect(polls > 0, "the children finished no poll at all (seed \(seed))")
        #expect(Set(events.map(\.id)).count == events.count, "an event id repeats (seed \(seed))")
        #expect(announced.count == Set(announced).count, "a commit was announced twice (seed \(seed))")
        let missing = Set(pushed).subtracting(announced)
        let unexpected = Set(announced).subtracting(pushed)
        #expect(missing.isEmpty, "\(missing.count) pushed commits never announced (seed \(seed))")
        #expect(unexpected.isEmpty, "\(unexpected.count) announced commits never pushed (seed \(seed))")
        #expect(!pushed.isEmpty)
    }

    /// One `pollAllOnce` of the group with an in-process engine on the on-disk state.
    private func pollOnceInProcess(fake: FakeGitLab, path: String) async throws {
        let transport = try AsyncHTTPClientGitLabTransport()
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let client = GitLabClient(
            host: fake.baseURL,
            auth: .none,
            transport: transport,
            scheduler: scheduler,
            configuration: GitLabTestHarness.configuration()
        )
        let store = try SQLiteStateStore(StoreConfiguration(path: path))
        let engine = WatchEngine(
            clients: ["fake": client],
            targets: [WatchTarget(instance: "fake", scope: .group(.path("crash")), cadence: Cadence(base: 1))],
            store: store,
            router: EventRouter(rules: []),
            scheduler: scheduler,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let report = await engine.pollAllOnce()
        try store.close()
        try await transport.shutdown()
        try #require(report.isSuccess, "in-process poll failed: \(report)")
    }
}
