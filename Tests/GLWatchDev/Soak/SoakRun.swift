import FakeGitLab
import Foundation
import Logging
import Notifier
import Watcher

#if canImport(Glibc)
import Glibc
#endif

/// One soak: the fake GitLab with random faults, a webhook receiver that goes down for stretches, and the real
/// `glwatch run` as a child process killed with SIGKILL at random moments and started again, while the script
/// changes the projects. At the end the last child drains and is stopped with SIGTERM, and what the receiver got
/// is compared with the ground truth.
///
/// Time is the injected `clock`'s (the command passes the continuous clock: a soak runs in real time).
final class SoakRun<C: Clock> where C.Duration == Duration {
    private let options: SoakOptions
    private let executable: URL
    private let clock: C
    private let say: (String) -> Void
    private var random: FakeSplitMix64

    private let directory: URL
    private let world: SoakWorld
    private var ledger = SoakLedger()
    private var report: SoakReport

    /// Prepares a soak of `executable` (the `glwatch` to run) in a fresh temporary directory.
    init(options: SoakOptions, executable: URL, clock: C, say: @escaping (String) -> Void) throws {
        self.options = options
        self.executable = executable
        self.clock = clock
        self.say = say
        random = FakeSplitMix64(seed: options.seed)
        world = SoakWorld(projectCount: options.projects, seed: random.next())
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glwatch-soak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        report = SoakReport(seed: options.seed)
    }

    /// Runs the soak and returns its report (whose verdict says whether anything was lost).
    func run() async throws -> SoakReport {
        defer { try? FileManager.default.removeItem(at: directory) }
        let secretBytes = (0..<4).flatMap { _ in withUnsafeBytes(of: random.next()) { Array($0) } }
        let secret = "whsec_" + Data(secretBytes).base64EncodedString()
        var logger = Logger(label: "glwatch.soak")
        logger.logLevel = .critical
        let receiver = try SoakReceiver(secret: Secret(secret), logger: logger)
        try await world.fake.start()
        try await receiver.start()
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "GLWATCH_SOAK_TOKEN": world.token,
            "GLWATCH_SOAK_HOOK": receiver.url,
            "GLWATCH_SOAK_SECRET": secret,
        ]
        let config = directory.appendingPathComponent("glwatch.yml")
        try configuration().write(to: config, atomically: true, encoding: .utf8)
        let logURL = directory.appendingPathComponent("glwatch.log")
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw SoakError("cannot create \(logURL.path)")
        }
        let log = try FileHandle(forWritingTo: logURL)
        defer { try? log.close() }
        func start(_ arguments: [String]) throws -> SoakChild {
            try SoakChild(
                executable: executable,
                arguments: arguments + ["--config", config.path, "--log-level", "debug"],
                environment: environment,
                log: log
            )
        }

        // The baseline, without faults: from here on every change must be announced.
        let baseline = try start(["once"])
        let baselineExit = await baseline.waitForExit()
        guard !baselineExit.signaled, baselineExit.status == 0 else {
            throw SoakError("the baseline `glwatch once` failed (\(baselineExit)); its log: \(logURL.path)\n"
                + ((try? String(contentsOf: logURL, encoding: .utf8)) ?? ""))
        }
        world.fake.chaos = FakeChaos(
            seed: random.next(), serverErrors: 0.10, droppedConnections: 0.05, slowResponses: 0.05
        )

        let begin = clock.now
        var child = try start(["run"])
        report.restarts = 0
        var nextKill = begin.advanced(by: pick(options.killAfterMilliseconds))
        var nextOutage = begin.advanced(by: pick(2_000...6_000))
        var nextThrottle = begin.advanced(by: pick(2_000...8_000))
        var checkedCycles = begin
        var lastProgress = begin
        while begin.duration(to: clock.now) < options.duration {
            ledger.ingest(receiver.deliveries)
            world.step { branch, head in ledger.isAnnounced(branch, at: head) }
            let now = clock.now
            if now >= nextKill {
                report.peakResidentBytes = max(report.peakResidentBytes, child.peakResidentBytes)
                child.send(SIGKILL)
                let exit = await child.waitForExit()
                guard exit.signaled else {
                    throw SoakError("glwatch run exited by itself (status \(exit.status)) before it was killed; "
                        + "seed \(options.seed)\n" + tail(of: logURL))
                }
                report.kills += 1
                // Down for a moment, while the script keeps changing things.
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    world.step { branch, head in ledger.isAnnounced(branch, at: head) }
                }
                child = try start(["run"])
                report.restarts += 1
                nextKill = clock.now.advanced(by: pick(options.killAfterMilliseconds))
            }
            if now >= nextOutage {
                if receiver.mode == .up {
                    let mode: SoakReceiver.Mode = Bool.random(using: &random) ? .unavailable : .refusing
                    try await receiver.set(mode)
                    report.outages[mode == .unavailable ? "503" : "refused", default: 0] += 1
                    nextOutage = clock.now.advanced(by: pick(1_000...4_000))
                } else {
                    try await receiver.set(.up)
                    nextOutage = clock.now.advanced(by: pick(2_000...6_000))
                }
            }
            if now >= nextThrottle {
                world.fake.inject(FakeFault(.rateLimited(retryAfter: 1), times: Int.random(in: 2...5, using: &random)))
                report.throttleBursts += 1
                nextThrottle = clock.now.advanced(by: pick(6_000...15_000))
            }
            if lastProgress.duration(to: now) >= .seconds(30) {
                lastProgress = now
                say(
                    "soak: \(begin.duration(to: now).components.seconds) s — "
                        + "\(world.changeCount) changes, "
                        + "\(report.kills) kills, \(ledger.delivered) events delivered"
                )
            }
            if let cycles = options.cycles, checkedCycles.duration(to: now) > .seconds(2) {
                checkedCycles = now
                if countPolls(in: logURL).cycles >= cycles { break }
            }
            try await clock.sleep(for: pick(options.changeEveryMilliseconds))
        }
        report.scripted = begin.duration(to: clock.now)

        // The drain: the receiver up, no more changes; the last child delivers what is left, then stops on SIGTERM.
        try await receiver.set(.up)
        let drainStart = clock.now
        while drainStart.duration(to: clock.now) < options.drainTimeout {
            ledger.ingest(receiver.deliveries)
            if SoakVerdict(truth: world.truth, ledger: ledger).lost.isEmpty { break }
            try await clock.sleep(for: .milliseconds(250))
        }
        report.drained = drainStart.duration(to: clock.now)
        report.peakResidentBytes = max(report.peakResidentBytes, child.peakResidentBytes)
        child.send(SIGTERM)
        let exit = await child.waitForExit()
        report.finalExit = exit.signaled ? "killed by signal \(exit.status)" : "exit status \(exit.status)"
        report.finalExitClean = !exit.signaled && exit.status == 0
        world.fake.chaos = nil
        await receiver.stop()
        await world.fake.stop()

        ledger.ingest(receiver.deliveries)
        if let copy = options.logCopy {
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(at: logURL, to: URL(fileURLWithPath: copy))
        }
        let polls = countPolls(in: logURL)
        report.pollCycles = polls.cycles
        report.failedPolls = polls.failed
        report.changes = world.counts
        report.truth = world.truth
        report.ledger = ledger
        report.verdict = SoakVerdict(truth: world.truth, ledger: ledger)
        if !report.verdict.passed || !report.finalExitClean { report.logTail = tail(of: logURL) }
        return report
    }

    // MARK: Helpers

    private func pick(_ milliseconds: ClosedRange<Int>) -> Duration {
        .milliseconds(Int.random(in: milliseconds, using: &random))
    }

    /// The config the children run with: the fake, the group, every branch, a webhook sink that retries fast.
    ///
    /// The request pace is raised from the default 600 a minute: every restart polls all projects at once, so with
    /// the default most of a child's short life went to waiting for its own pacer rather than to polling.
    private func configuration() -> String {
        """
        gitlab:
          fake:
            url: \(world.fake.baseURL.absoluteString)
            token_env: GLWATCH_SOAK_TOKEN
            timeout: 5s
            requests_per_minute: 3000
            burst: 60
        watch:
          - group: \(SoakWorld.group)
            branches: all
            interval: 1s
            max_interval: 2s
        state:
          path: \(directory.appendingPathComponent("state.db").path)
        engine:
          shutdown_grace: 10s
        sinks:
          receiver:
            type: webhook
            url_env: GLWATCH_SOAK_HOOK
            secret_env: GLWATCH_SOAK_SECRET
            retry: { initial_delay: 100ms, max_delay: 1s, give_up_after: never }
            circuit_breaker: { failures: 5, open_for: 500ms, max_open_for: 1s }
        rules:
          - name: everything
            notify: [receiver]

        """
    }

    /// Polls the children logged: finished ones (`polled`) and failed ones (`poll failed`).
    private func countPolls(in log: URL) -> (cycles: Int, failed: Int) {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return (0, 0) }
        var polled = 0
        var failed = 0
        for line in text.split(separator: "\n") {
            if line.contains("poll failed") {
                failed += 1
            } else if line.contains("polled") {
                polled += 1
            }
        }
        return (polled + failed, failed)
    }

    private func tail(of log: URL) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(40).joined(separator: "\n")
    }
}
