import ArgumentParser
import Foundation
import Synchronization
import Watcher

/// `glwatch-dev bench soak` (for developers and CI): the acceptance test of issues 8 and 12.
///
/// Runs the `glwatch` executable built beside this one as `glwatch run` against a fake GitLab that fails 10% of requests with 5xx, 5% with
/// timeouts, resets 3% of connections, answers 2% with bad input and throttles in bursts, delivering to a webhook
/// receiver that goes down, hangs and drops connections, while SIGKILLing and restarting it at random moments,
/// making random changes (pushes, force-pushes, new and deleted branches, merges, new contributors) and the
/// scripted cases of issue 12 (`SoakCase`). Then it compares what the receiver got (by `webhook-id`) with the
/// ground truth worked out from the fake's repositories and exits 1 on any loss, duplicate or unexpected event.
struct SoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Acceptance soak: glwatch run killed at random under faults vs the fake's ground truth; exits 1 on any loss.",
        shouldDisplay: false
    )

    @Flag(help: "The CI run: 6 projects (plus the cases'), 50 s of changes and kills (under 3 minutes in all).")
    var short = false

    @Option(help: "The seed of every random choice (printed; replays a run).")
    var seed: UInt64?

    @Option(help: "Seconds of changes and kills (default: 50 with --short, else 1200).")
    var duration: Int?

    @Option(help: "Stop the changes once the children have logged this many polls.")
    var cycles: Int?

    @Option(help: "Projects random changes pick from (default: 6 with --short, else 12).")
    var projects: Int?

    @Option(help: "Copy the children's log (debug level) to this file at the end.")
    var log: String?

    @Option(
        help: ArgumentHelp(
            "Run this many glwatch replicas on one PostgreSQL database (an empty one, its URL in "
                + "GLWATCH_SOAK_DATABASE_URL); each kill picks one."
        )
    )
    var replicas: Int = 1

    @Option(
        help: ArgumentHelp(
            "With --replicas: a shell command that restarts their database (stop, a few seconds, start; exit 0), "
                + "run once halfway through while the replicas run."
        )
    )
    var databaseRestartCommand: String?

    @Option(
        help: ArgumentHelp(
            "With --replicas: the replicas' lease_period in seconds (default 3); a killed replica's work moves at "
                + "the others' next round (a third of it), or at its expiry when its death went unnoticed."
        )
    )
    var leasePeriod: Int?

    @Option(
        help: ArgumentHelp(
            "Seconds the whole soak may take (a caller's time limit): the drain ends early enough for the report "
                + "to come within it."
        )
    )
    var timeLimit: Int?

    @Option(help: "The glwatch executable to soak (default: the one beside glwatch-dev).")
    var executable: String?

    @Option(
        name: .customLong("without"),
        help: ArgumentHelp(
            "Leave out a part of the timeline (repeatable; `all` for every one): "
                + SoakOptions.switchNames.joined(separator: ", ") + ".",
            valueName: "name"
        )
    )
    var without: [String] = []

    @Option(
        name: .customLong("with"),
        help: ArgumentHelp(
            "Include a part switched off by default while its fix is pending (repeatable; `all` for every one): "
                + (SoakOptions.pendingFixes.isEmpty
                    ? "none is today, every part runs by default."
                    : SoakOptions.pendingFixes.sorted().joined(separator: ", ") + "."),
            valueName: "name"
        )
    )
    var with: [String] = []

    /// Where `--replicas` finds the database URL (never on the command line: it holds a password).
    static let databaseVariable = "GLWATCH_SOAK_DATABASE_URL"

    func validate() throws {
        let known = Set(SoakOptions.switchNames + ["all"])
        for name in without + with where !known.contains(name) {
            throw ValidationError("no such part of the timeline: \(name) (\(known.sorted().joined(separator: ", ")))")
        }
        if let duration, duration < 1 { throw ValidationError("--duration must be at least 1 second") }
        if let cycles, cycles < 1 { throw ValidationError("--cycles must be at least 1") }
        if let timeLimit, timeLimit < 120 { throw ValidationError("--time-limit must be at least 120 seconds") }
        if let projects, !(1...100).contains(projects) { throw ValidationError("--projects must be 1…100") }
        if !(1...9).contains(replicas) { throw ValidationError("--replicas must be 1…9") }
        if databaseRestartCommand != nil, replicas < 2 {
            throw ValidationError("--database-restart-command needs --replicas (two or more, on PostgreSQL)")
        }
        if replicas > 1, ProcessInfo.processInfo.environment[Self.databaseVariable]?.isEmpty != false {
            throw ValidationError("--replicas needs an empty PostgreSQL database's URL in \(Self.databaseVariable)")
        }
    }

    func run() async throws {
        // One line at a time, flushed also into a pipe: whoever gives up waiting for the soak (a test's time
        // limit) still sees how far it got.
        let watchdog = Mutex<SoakWatchdog?>(nil)
        func say(_ line: String) {
            print(line)
            fflush(nil)
            watchdog.withLock { $0?.said(line) }
        }
        let seed = seed ?? UInt64.random(in: 0...UInt64.max)
        var options = short ? SoakOptions.short(seed: seed) : SoakOptions.long(seed: seed)
        if let duration { options.duration = .seconds(duration) }
        if let projects { options.projects = projects }
        options.cycles = cycles
        options.timeLimit = timeLimit.map { .seconds($0) }
        options.logCopy = log
        options.replicas = replicas
        if replicas > 1 { options.databaseURL = ProcessInfo.processInfo.environment[Self.databaseVariable] }
        options.databaseRestartCommand = databaseRestartCommand
        if let leasePeriod {
            guard leasePeriod >= 1 else { throw ValidationError("--lease-period must be at least 1 (seconds)") }
            options.leasePeriodSeconds = leasePeriod
        }
        options.switching(on: with, off: without)
        var words = ["glwatch-dev bench soak"] + (short ? ["--short"] : []) + ["--seed \(seed)"]
        if let duration { words.append("--duration \(duration)") }
        if let cycles { words.append("--cycles \(cycles)") }
        if let projects { words.append("--projects \(projects)") }
        if replicas > 1 { words.append("--replicas \(replicas)") }
        if let databaseRestartCommand { words.append("--database-restart-command \"\(databaseRestartCommand)\"") }
        if let leasePeriod { words.append("--lease-period \(leasePeriod)") }
        words += options.switchArguments
        let replay = words.joined(separator: " ")
        say("soak: seed \(seed) — \(options.projects) projects, up to \(options.duration) of changes; "
            + "replay: \(replay)")
        // The `glwatch` built beside this executable, wherever it was started from (`argv[0]` may be a bare name
        // found on PATH); SwiftPM puts both products in the same directory.
        let here = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let executable = self.executable.map { URL(fileURLWithPath: $0) }
            ?? here.deletingLastPathComponent().appendingPathComponent("glwatch")
        let run = try SoakRun(options: options, executable: executable, clock: ContinuousClock()) { say($0) }
        // Should the soak hang past its time limit, 5 s later a failure that says where it stood.
        if let limit = options.timeLimit {
            watchdog.withLock { $0 = SoakWatchdog(limit: limit + .seconds(5), log: run.logURL) }
        }
        let report = try await run.run()
        watchdog.withLock { $0?.disarm() }
        print(report.rendered(replay: replay))
        if !report.passed { throw ExitCode.failure }
    }
}
