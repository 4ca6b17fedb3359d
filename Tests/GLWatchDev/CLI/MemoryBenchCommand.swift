import ArgumentParser
import Foundation
import Watcher

/// `glwatch-dev bench memory`: resident memory while the watch engine watches a large group (1,000 projects by
/// default) in the fake GitLab, read from `/proc/self/status`.
struct MemoryBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory",
        abstract: "Resident memory while watching many projects (the fake GitLab runs in the same process)."
    )

    @Option(help: "Projects watched.") var projects = 1000
    @Option(help: "Seconds to watch after the baseline.") var seconds = 30
    @Option(help: "Base poll interval in seconds.") var interval: Double = 5
    @Option(help: "Polls in flight against the host at once.") var concurrency = 8

    func run() async throws {
        let directory = NSTemporaryDirectory() + "glwatch-bench-memory-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        print("memory: \(projects) projects watched for \(seconds) s at a \(interval) s base interval")
        let (fake, all, authors) = EngineBenchWorkload.makeFake(projects: projects, historyCommits: 20)
        try await fake.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        let store = try SQLiteStateStore(StoreConfiguration(path: directory + "/memory-bench.sqlite"))
        let before = ProcessStats.residentMemory()
        let (engine, _) = EngineBenchWorkload.makeEngine(
            fake: fake,
            transport: transport,
            store: store,
            interval: interval,
            maxConcurrentPolls: concurrency
        )
        let cycle = await engine.pollAllOnce()
        let afterBaseline = ProcessStats.residentMemory()
        let running = engine.start()
        let clock = ContinuousClock()
        let started = clock.now
        var peakWatching = 0
        for second in 0..<seconds {
            all[second % all.count].commits(2, by: authors)  // a trickle of pushes, so diffs and events run too
            try await clock.sleep(until: started + .seconds(second + 1))
            peakWatching = max(peakWatching, ProcessStats.residentMemory()?.current ?? 0)
        }
        running.dispose()
        let end = ProcessStats.residentMemory()
        try await transport.shutdown()
        await fake.stop()
        func mib(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "n/a" }
        print("projects polled in the baseline cycle: \(cycle.polled) (failed \(cycle.failed))")
        print("RSS with the fake GitLab populated, before the engine:  \(mib(before?.current))")
        print("RSS after the baseline cycle:                          \(mib(afterBaseline?.current))")
        print("RSS while watching (highest 1 s sample):               \(mib(peakWatching))")
        print("peak RSS of the process (VmHWM):                        \(mib(end?.peak))")
        print("engine's share while watching (watching − before):     \(mib(before.map { peakWatching - $0.current }))")
    }
}
