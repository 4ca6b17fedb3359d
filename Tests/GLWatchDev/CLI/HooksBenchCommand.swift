import ArgumentParser
import Foundation
import Watcher

/// `glwatch-dev bench hooks`: push-to-event latency with GitLab's webhooks as hints, with half of them dropped, and
/// with polling only (issue 15; BENCHMARKS.md, section "instant mode").
struct HooksBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hooks",
        abstract:
            "Push-to-event latency: webhooks as hints vs polling only, and nothing lost with half the hooks dropped.",
        discussion: """
            One command, three runs on the same scenario (real time, about six
            minutes): 200 projects polled every 60 s, pushed to at random, watched
            by glwatch with polling only, with every webhook delivered, and with
            half of the webhooks dropped (their pushes must still arrive, by the
            poll).

              swift run -c release glwatch-dev bench hooks
            """
    )

    @Option(help: "Projects watched.") var projects = 200
    @Option(help: "Poll interval in seconds.") var interval: Double = 60
    @Option(help: "How long pushes go on, in seconds.") var duration: Double = 60
    @Option(help: "Pushes per second (a Poisson stream over random projects).") var rate: Double = 2
    @Option(help: "The seed of the pushes and of the dropped hooks.") var seed: UInt64 = 15

    func run() async throws {
        let directory = NSTemporaryDirectory() + "glwatch-bench-hooks-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let workload = HooksBenchWorkload(
            projects: projects,
            interval: interval,
            duration: duration,
            pushesPerSecond: rate,
            seed: seed,
            directory: directory
        )
        print(
            "instant mode: \(projects) projects, \(Int(interval)) s poll interval, \(rate) pushes/s for \(Int(duration)) s"
        )
        print("latency: push → events and deliveries stored (the outbox commit delivery sends from)")
        print(HooksBenchReport.header)
        var results: [HooksBenchWorkload.Result] = []
        for mode in HooksBenchWorkload.Mode.allCases {
            let result = try await workload.run(mode)
            results.append(result)
            print(HooksBenchReport.row(result))
        }
        print(HooksBenchReport.verdict(results))
    }
}
