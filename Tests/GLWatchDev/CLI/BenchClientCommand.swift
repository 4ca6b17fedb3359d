import ArgumentParser
import FakeGitLab
import Foundation
import Logging
import RxCore
import Watcher

/// `glwatch-dev bench client`: loads every commit of a 3,112-commit project from the fake GitLab at `per_page` 20 and
/// 100, one page after the other versus several pages at once, and prints wall time, requests and the ratio.
///
/// The scenario is the seed thesis': a first baseline of a project with a few thousand commits. GitLab sends no
/// totals for commits, so the concurrent loader cannot know the page count: it keeps a window of pages in flight
/// and stops at the first page without a next, wasting at most `concurrency - 1` requests. Wall time is read from
/// the system's monotonic clock — a benchmark measures real time by definition. The client's pacing is off so the
/// figures measure the client, not its rate limiter.
struct BenchClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client",
        abstract: "Load all commits of a large project from the fake GitLab: sequential vs concurrent pages."
    )

    @Option(help: "Commits in the benchmark project.")
    var commits = 3112

    @Option(help: "Pages in flight for the concurrent loader.")
    var concurrency = 4

    @Option(
        parsing: .upToNextOption,
        help: "Latencies the fake GitLab adds to every answer, in milliseconds (0: loopback only; 20: a nearby server)."
    )
    var latencyMs: [Int] = [0, 20]

    @Option(help: "Timed runs per case; the best is reported.")
    var runs = 5

    func run() async throws {
        let transport = try AsyncHTTPClientGitLabTransport()
        do {
            print("gitlab-client: all \(commits) commits of one project from the fake GitLab")
            print("(concurrency \(concurrency), best of \(runs) runs, release build recommended)")
            print("latency  per_page  loader          wall        requests  commits")
            for latency in latencyMs { try await run(latencyMs: latency, transport: transport) }
        } catch {
            try? await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    /// Runs both page sizes and both loaders against a fake GitLab answering with `latencyMs` of added latency.
    private func run(latencyMs: Int, transport: AsyncHTTPClientGitLabTransport) async throws {
        let latency: Duration? = latencyMs > 0 ? .milliseconds(latencyMs) : nil
        let fake = FakeGitLab(configuration: FakeGitLabConfiguration(latency: latency))
        let project = fake.addProject("bench/thesis")
        let authors = (1...12).map {
            FakeAuthor(name: "Author \($0)", email: "author\($0)@example.com", utcOffsetMinutes: ($0 % 5) * 60)
        }
        project.generateHistory(commits: commits, authors: authors)
        try await fake.start()
        var logger = Logger(label: "glwatch.bench")
        logger.logLevel = .error
        let client = GitLabClient(
            host: fake.baseURL,
            auth: .none,
            transport: transport,
            scheduler: ConcurrentDispatchQueueScheduler(qos: .userInitiated),
            configuration: GitLabClientConfiguration(
                userAgent: "glwatch/\(GLWatchVersion.current) (bench)",
                pace: nil,
                logger: logger
            )
        )
        do {
            for perPage in [20, 100] {
                let sequential = try await measure(client, fake, project.id, perPage: perPage, concurrency: 1)
                let concurrent = try await measure(client, fake, project.id, perPage: perPage, concurrency: concurrency)
                print(row(latencyMs, perPage, "sequential", sequential))
                print(row(latencyMs, perPage, "concurrent x\(concurrency)", concurrent))
                let ratio = sequential.seconds / max(concurrent.seconds, 1e-9)
                print("                  ratio sequential/concurrent: \(String(format: "%.2f", ratio))x")
            }
        } catch {
            await fake.stop()
            throw error
        }
        await fake.stop()
    }

    private struct Result {
        var seconds: Double
        var requests: Int
        var commits: Int
    }

    private func measure(
        _ client: GitLabClient,
        _ fake: FakeGitLab,
        _ projectID: Int64,
        perPage: Int,
        concurrency: Int
    ) async throws -> Result {
        let paginator = client.commits.list(of: .id(projectID), options: GitLabCommitListOptions(perPage: perPage))
            .withMaximumConcurrentPages(concurrency)
        _ = try await paginator.loadAll()  // warm-up: connections, caches
        var best = Result(seconds: .infinity, requests: 0, commits: 0)
        for _ in 0..<max(1, runs) {
            fake.resetRequestLog()
            let start = ContinuousClock.now
            let loaded = try await paginator.loadAll()
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            guard loaded.count == commits, Set(loaded.map(\.id)).count == commits else {
                throw ValidationError("expected \(commits) distinct commits, got \(loaded.count)")
            }
            if seconds < best.seconds {
                best = Result(seconds: seconds, requests: fake.requests.count, commits: loaded.count)
            }
        }
        return best
    }

    private func row(_ latencyMs: Int, _ perPage: Int, _ loader: String, _ result: Result) -> String {
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        return pad("\(latencyMs) ms", 9) + pad(String(perPage), 10) + pad(loader, 16)
            + pad(String(format: "%.1f ms", result.seconds * 1000), 12)
            + pad(String(result.requests), 10) + String(result.commits)
    }
}
