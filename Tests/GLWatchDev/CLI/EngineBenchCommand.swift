import ArgumentParser
import Foundation
import Watcher

/// `glwatch-dev bench engine`: the watch engine on a group of projects in the fake GitLab, against a naive poller and
/// the floor of one request per project per cycle (see BENCHMARKS.md, section "watch-engine").
struct EngineBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Requests, CPU and push-to-event latency of the watch engine vs a naive poller (real time)."
    )

    @Option(help: "Projects in the group.") var projects = 200
    @Option(help: "Busy projects (pushed to most cycles).") var busy = 10
    @Option(help: "Cycles measured (one base interval each).") var cycles = 50
    @Option(help: "Base poll interval in seconds.") var interval: Double = 1
    @Option(help: "Polls in flight against the host at once.") var concurrency = 8

    func run() async throws {
        let directory = NSTemporaryDirectory() + "glwatch-bench-engine-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        print("watch-engine: \(projects) projects in one group (\(busy) busy), \(cycles) cycles at a \(interval) s base")
        print("interval, against the fake GitLab on 127.0.0.1 (release build recommended; takes ~\(Int(Double(cycles) * interval * 2 + 30)) s)")
        let workload = EngineBenchWorkload(
            projects: projects,
            busy: busy,
            cycles: cycles,
            interval: interval,
            maxConcurrentPolls: concurrency,
            directory: directory
        )
        let result = try await workload.run()
        print(report(result))
    }

    private func report(_ r: EngineBenchWorkload.Result) -> String {
        let cycles = Double(cycles)
        let floor = Double(projects)
        let engine = Double(r.engineRequests) / cycles
        let discovery = Double(r.engineDiscoveryRequests) / cycles
        let naive = Double(r.naiveRequests) / cycles
        func f(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
        func ms(_ d: Duration) -> String { f(ProcessStats.seconds(d) * 1000, 0) + " ms" }
        func latency(_ values: [TimeInterval]) -> String {
            guard let p50 = LatencySamples.percentile(0.5, of: values),
                let p99 = LatencySamples.percentile(0.99, of: values)
            else { return "no samples" }
            return "p50 \(f(p50, 2)) s, p99 \(f(p99, 2)) s (\(values.count) pushes)"
        }
        let cpuPerCommit = r.commitsPushed > 0 ? ProcessStats.seconds(r.engineCPU) / Double(r.commitsPushed) * 1000 : 0
        return """

            requests per cycle   glwatch \(f(engine)) (discovery \(f(discovery, 2))), naive \(f(naive)), floor \(f(floor, 0))
              ratios             naive / glwatch \(f(naive / max(engine, 0.001), 2))x, glwatch / floor \(f(engine / floor, 2))x
            response bytes/cycle glwatch \(f(Double(r.engineBytes) / cycles / 1024)) KiB, naive \(f(Double(r.naiveBytes) / cycles / 1024)) KiB \
            (naive / glwatch \(f(Double(r.naiveBytes) / max(Double(r.engineBytes), 1), 1))x)
            polls                \(r.polls) in \(f(ProcessStats.seconds(r.engineWall), 1)) s (\(f(Double(r.polls) / cycles)) per cycle)
            CPU (process, incl. the in-process fake GitLab)
              glwatch            \(ms(r.engineCPU)) total, \(f(ProcessStats.seconds(r.engineCPU) * 1000 / cycles)) ms per cycle, \
            \(f(cpuPerCommit * 1000, 0)) ms per 1,000 new commits (\(r.commitsPushed) commits)
              naive              \(ms(r.naiveCPU)) total, \(f(ProcessStats.seconds(r.naiveCPU) * 1000 / cycles)) ms per cycle \
            (naive / glwatch \(f(ProcessStats.seconds(r.naiveCPU) / max(ProcessStats.seconds(r.engineCPU), 1e-9), 2))x)
            push-to-event        busy: \(latency(r.busyLatencies))
                                 idle: \(latency(r.idleLatencies))
            \(r.unresolvedPushes > 0 ? "WARNING: \(r.unresolvedPushes) pushes were never seen\n" : "")
            """
    }
}
