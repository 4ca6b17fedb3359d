import ArgumentParser
import Foundation
import Watcher

/// `glwatch-dev bench soak` (hidden, for developers and CI): the fault-and-crash soak of issue 8.
///
/// Runs the `glwatch` executable built beside this one as `glwatch run` against a fake GitLab that fails 10% of
/// requests with 5xx, drops 5% of connections, answers 5% slowly and throttles in bursts, delivering to a webhook
/// receiver that goes down for stretches, while SIGKILLing and restarting it at random moments and scripting pushes,
/// force-pushes, new branches and new contributors. Then it compares what the receiver got (by `webhook-id`) with the
/// ground truth and exits 1 on any loss, duplicate or unexpected event.
struct SoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Fault-and-crash soak: glwatch run killed at random under faults; exits 1 on any loss.",
        shouldDisplay: false
    )

    @Flag(help: "The CI run: 10 projects, 40 s of changes and kills (about a minute in all).")
    var short = false

    @Option(help: "The seed of every random choice (printed; replays a run).")
    var seed: UInt64?

    @Option(help: "Seconds of changes and kills (default: 40 with --short, else 600).")
    var duration: Int?

    @Option(help: "Stop the changes once the children have logged this many polls.")
    var cycles: Int?

    @Option(help: "Projects in the fake GitLab (default: 10 with --short, else 12).")
    var projects: Int?

    @Option(help: "Copy the children's log (debug level) to this file at the end.")
    var log: String?

    @Option(help: "The glwatch executable to soak (default: the one beside glwatch-dev).")
    var executable: String?

    func validate() throws {
        if let duration, duration < 1 { throw ValidationError("--duration must be at least 1 second") }
        if let cycles, cycles < 1 { throw ValidationError("--cycles must be at least 1") }
        if let projects, !(1...100).contains(projects) { throw ValidationError("--projects must be 1…100") }
    }

    func run() async throws {
        let seed = seed ?? UInt64.random(in: 0...UInt64.max)
        var options = short ? SoakOptions.short(seed: seed) : SoakOptions.long(seed: seed)
        if let duration { options.duration = .seconds(duration) }
        if let projects { options.projects = projects }
        options.cycles = cycles
        options.logCopy = log
        let replay = (["glwatch-dev bench soak"] + (short ? ["--short"] : []) + ["--seed \(seed)"]
            + (duration.map { ["--duration \($0)"] } ?? []) + (cycles.map { ["--cycles \($0)"] } ?? [])
            + (projects.map { ["--projects \($0)"] } ?? [])).joined(separator: " ")
        print("soak: seed \(seed) — \(options.projects) projects, up to \(options.duration) of changes; "
            + "replay: \(replay)")
        // The `glwatch` built beside this executable, wherever it was started from (`argv[0]` may be a bare name
        // found on PATH); SwiftPM puts both products in the same directory.
        let here = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let executable = self.executable.map { URL(fileURLWithPath: $0) }
            ?? here.deletingLastPathComponent().appendingPathComponent("glwatch")
        let run = try SoakRun(options: options, executable: executable, clock: ContinuousClock()) { print($0) }
        let report = try await run.run()
        print(report.rendered(replay: replay))
        if !report.passed { throw ExitCode.failure }
    }
}
