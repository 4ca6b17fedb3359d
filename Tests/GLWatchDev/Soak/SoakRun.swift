import ChildProcess
import FakeGitLab
import Foundation
import Logging
import Notifier
import Watcher

#if canImport(Glibc)
import Glibc
#endif

/// One soak — issue 12's acceptance test: the fake GitLab failing requests at random (5xx, timeouts, connection
/// resets, bad answers), a webhook receiver that goes down, hangs and drops connections, and the real
/// `glwatch run` as a child process killed with SIGKILL at random moments and started again, while the script
/// makes random changes and the scripted cases (`SoakCase`). At the end the last child drains and is stopped with
/// SIGTERM, and what the receiver got is compared with the ground truth worked out from the fake's repositories.
///
/// Time is the injected `clock`'s (the command passes the continuous clock: a soak runs in real time).
final class SoakRun<C: Clock> where C.Duration == Duration {
    let options: SoakOptions
    private let executable: URL
    let clock: C
    private let say: (String) -> Void
    var random: FakeSplitMix64

    let directory: URL
    let world: SoakWorld
    var ledger = SoakLedger()
    var report: SoakReport
    /// The children's log (standard error, debug level), in `directory`.
    var logURL: URL { directory.appendingPathComponent("glwatch.log") }
    /// When the first child was started (the change log's times count from it).
    private var changesBegan: C.Instant

    /// Prepares a soak of `executable` (the `glwatch` to run) in a fresh temporary directory.
    init(options: SoakOptions, executable: URL, clock: C, say: @escaping (String) -> Void) throws {
        self.options = options
        self.executable = executable
        self.clock = clock
        self.say = say
        random = FakeSplitMix64(seed: options.seed)
        world = SoakWorld(projectCount: options.projects, seed: random.next())
        world.unrelatedHistories = options.unrelatedHistory
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glwatch-soak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        report = SoakReport(seed: options.seed, options: options)
        changesBegan = clock.now
    }

    /// Whether the script keeps changing things at `elapsed`: for `duration`, and — when the first cycle came late
    /// (a loaded machine: every project's first poll catches up on the pushes made since the start, one diff per
    /// commit for the `paths:` rule, under the injected faults) — until three fifths of `duration` have passed
    /// since it, so that the kills and the cases that wait for it (a project created once glwatch is ready, a
    /// branch recreated while it is down) still happen; at most twice `duration` in all.
    static func scriptGoesOn(elapsed: Duration, readyAfter: Duration?, duration: Duration) -> Bool {
        if elapsed < duration { return true }
        guard elapsed < duration * 2 else { return false }
        guard let readyAfter else { return true }
        return elapsed < readyAfter + duration * 3 / 5
    }

    /// How long the drain may last when it begins `elapsed` into the soak: `timeout`, or less within `budget` (the
    /// soak's time limit), leaving `stopLimit` for the children to stop on SIGTERM and 10 s for the rest; never
    /// negative.
    static func drainLimit(timeout: Duration, budget: Duration?, elapsed: Duration) -> Duration {
        guard let budget else { return timeout }
        return max(.zero, min(timeout, budget - elapsed - stopLimit - .seconds(10)))
    }

    /// Runs the soak and returns its report (whose verdict says whether anything was lost).
    func run() async throws -> SoakReport {
        defer { try? FileManager.default.removeItem(at: directory) }
        if let url = options.databaseURL { try await Self.requireUnused(url) }
        let started = clock.now
        let secretBytes = (0..<4).flatMap { _ in withUnsafeBytes(of: random.next()) { Array($0) } }
        let secret = "whsec_" + Data(secretBytes).base64EncodedString()
        var logger = Logger(label: "glwatch.soak")
        logger.logLevel = .critical
        let receiver = try SoakReceiver(secret: Secret(secret), logger: logger)
        try await world.fake.start()
        try await receiver.start()
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "GLWATCH_SOAK_HOOK": receiver.url(for: SoakLedger.mainSink),
            "GLWATCH_SOAK_AUDIT_HOOK": receiver.url(for: SoakLedger.pathsSink),
            "GLWATCH_SOAK_SECRET": secret,
        ]
        if let url = options.databaseURL { environment[Self.databaseURLVariable] = url }
        let tokenFile = directory.appendingPathComponent("token")
        try (world.token + "\n").write(to: tokenFile, atomically: true, encoding: .utf8)
        world.tokenFile = tokenFile
        let config = directory.appendingPathComponent("glwatch.yml")
        try configuration().write(to: config, atomically: true, encoding: .utf8)
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw SoakError("cannot create \(logURL.path)")
        }
        let log = try FileHandle(forWritingTo: logURL)
        defer { try? log.close() }
        func start() throws -> SoakChild {
            try SoakChild(
                executable: executable,
                arguments: ["run", "--config", config.path, "--log-level", "debug"],
                environment: environment,
                log: log
            )
        }

        // Faults from the very first request: a first poll that fails must not cost a baseline (case 3).
        world.fake.chaos = FakeChaos(
            seed: random.next(), serverErrors: 0.10, droppedConnections: 0.03, slowResponses: 0.03,
            badAnswers: options.badAnswers ? 0.02 : 0, timeouts: 0.05, timeoutDelay: .seconds(4)
        )
        if options.lateEvents { world.fake.eventVisibility = .shuffled(upTo: 3, seed: random.next()) }
        world.beginWatching()
        let begin = clock.now
        changesBegan = begin
        // One child, or several replicas sharing a PostgreSQL database (started one after the other).
        var children = try (0..<max(1, options.replicas)).map { _ in try start() }
        // Among replicas: who leads, to tell how long the lead takes to move when its holder is killed.
        let leaderWatch = options.replicas > 1 ? options.databaseURL.map(SoakLeaderWatch.init(url:)) : nil
        // glwatch watches from the moment it has started, not from the moment its process was launched: nothing
        // changes until it logged so, and one more second has passed (GitLab's event times are what tell
        // glwatch what happened after it began).
        while (try? String(contentsOf: logURL, encoding: .utf8))?.contains("glwatch started") != true {
            guard begin.duration(to: clock.now) < .seconds(30) else {
                throw SoakError("glwatch run did not start within 30 s; its log:\n" + tail(of: logURL))
            }
            try await clock.sleep(for: .milliseconds(50))
        }
        try await clock.sleep(for: .seconds(1))
        report.startedAfter = begin.duration(to: clock.now)
        var pending = options.cases.sorted()
        var doomedSeen = false
        var ready = false
        var nextKill = begin
        var nextOutage = begin.advanced(by: pick(2_000...6_000))
        var nextThrottle = begin.advanced(by: pick(2_000...8_000))
        var checkedCycles = begin
        // The database restart (replicas only): due halfway through; kills pause from then until it is over, and it
        // begins once no replica started in the last 5 s (one still opening its store would fail to start, as it
        // should).
        var databaseRestart: ChildProcess?
        var lastStart = begin
        var lastProgress = begin
        let isAnnounced = { [unowned self] (project: String, branch: String, head: String) in
            self.ledger.isAnnounced(project: project, branch: branch, at: head)
        }
        while Self.scriptGoesOn(
            elapsed: begin.duration(to: clock.now), readyAfter: report.readyAfter, duration: options.duration
        ) {
            ledger.ingest(receiver.deliveries)
            let now = clock.now
            let elapsed = begin.duration(to: now)
            if !ready, (try? String(contentsOf: logURL, encoding: .utf8))?.contains("first cycle done") == true {
                ready = true
                report.readyAfter = elapsed
                say("soak: first cycle done after \(SoakReport.seconds(elapsed))")
                nextKill = now.advanced(by: pick(options.killAfterMilliseconds))
            }
            while let next = pending.first, next != .recreatedWhileDown, elapsed >= .seconds(next.atSeconds),
                next != .createdProject || ready
            {
                pending.removeFirst()
                note(next, world.perform(next), at: elapsed)
            }
            if options.cases.contains(.deletedAfterPush), !doomedSeen, !pending.contains(.deletedAfterPush),
                let doomed = world.doomedHead, ledger.isAnnounced(project: doomed.path, branch: "main", at: doomed.head)
            {
                doomedSeen = true
                note(.deletedAfterPush, world.pushThenDelete(), at: elapsed)
            }
            logChange(world.step(isAnnounced: isAnnounced))
            // Halfway through, kills pause until the database has been restarted.
            let restartDue =
                options.databaseRestartCommand != nil && ready && report.databaseRestarts == 0
                && elapsed >= options.duration / 2
            if let command = options.databaseRestartCommand, restartDue, databaseRestart == nil,
                lastStart.duration(to: now) >= .seconds(5)
            {
                databaseRestart = try ChildProcess(
                    URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], standardError: .file(log)
                )
                report.changeLog.append("\(SoakReport.seconds(elapsed)): database restarting (replicas running)")
                say("soak: \(SoakReport.seconds(elapsed)) — database restarting (replicas running)")
            }
            if let restart = databaseRestart, let end = restart.termination {
                guard end == .success else {
                    throw SoakError("the database restart command failed (\(end)); seed \(options.seed)\n"
                        + tail(of: logURL))
                }
                databaseRestart = nil
                report.databaseRestarts += 1
                report.changeLog.append("\(SoakReport.seconds(begin.duration(to: clock.now))): database back")
                say("soak: \(SoakReport.seconds(begin.duration(to: clock.now))) — database back")
                nextKill = clock.now.advanced(by: pick(options.killAfterMilliseconds))
            }
            if ready, !restartDue, databaseRestart == nil, now >= nextKill {
                let victim = Int.random(in: 0..<children.count, using: &random)
                report.peakResidentBytes = max(report.peakResidentBytes, children[victim].peakResidentBytes)
                leaderWatch?.killing(pid: children[victim].pid)
                children[victim].send(SIGKILL)
                let exit = await children[victim].waitForExit()
                guard exit.signaled else {
                    throw SoakError("glwatch run exited by itself (status \(exit.status)) before it was killed; "
                        + "seed \(options.seed)\n" + tail(of: logURL))
                }
                report.kills += 1
                report.changeLog.append("\(SoakReport.seconds(begin.duration(to: clock.now))): glwatch killed")
                // Down for a moment, while the script keeps changing things.
                if pending.first == .recreatedWhileDown, elapsed >= .seconds(SoakCase.recreatedWhileDown.atSeconds) {
                    pending.removeFirst()
                    note(.recreatedWhileDown, world.perform(.recreatedWhileDown), at: elapsed)
                }
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    logChange(world.step(isAnnounced: isAnnounced) + " (glwatch down)")
                }
                children[victim] = try start()
                lastStart = clock.now
                report.restarts += 1
                report.changeLog.append("\(SoakReport.seconds(begin.duration(to: clock.now))): glwatch restarted")
                nextKill = clock.now.advanced(by: pick(options.killAfterMilliseconds))
            }
            if now >= nextOutage {
                if receiver.mode == .up {
                    let mode = [SoakReceiver.Mode.unavailable, .refusing, .hanging, .dropping]
                        .randomElement(using: &random)!
                    try await receiver.set(mode)
                    report.outages[mode.rawValue, default: 0] += 1
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
                say("soak: \(elapsed.components.seconds) s — \(world.changeCount) changes, \(report.kills) kills, "
                    + "\(ledger.delivered) messages delivered")
            }
            if let cycles = options.cycles, checkedCycles.duration(to: now) > .seconds(2) {
                checkedCycles = now
                if countPolls(in: logURL).cycles >= cycles { break }
            }
            try await clock.sleep(for: pick(options.changeEveryMilliseconds))
        }
        if let restart = databaseRestart {
            let end = await restart.exit()
            guard end == .success else { throw SoakError("the database restart command failed (\(end))") }
            report.databaseRestarts += 1
        }
        report.scripted = begin.duration(to: clock.now)
        for skipped in pending { report.cases.append("\(skipped.rawValue): not reached before the end") }

        // The drain: no more changes, the receiver up (GitLab still failing at the same rates); the last child
        // delivers what is left, then stops on SIGTERM.
        try await receiver.set(.up)
        let truth = world.truth()
        let drainStart = clock.now
        var lastDrainProgress = drainStart
        say("soak: changes over after \(SoakReport.seconds(report.scripted)) (\(world.changeCount) changes, "
            + "\(report.kills) kills); draining")
        let drainLimit = Self.drainLimit(
            timeout: options.drainTimeout, budget: options.timeLimit, elapsed: started.duration(to: drainStart)
        )
        if drainLimit < options.drainTimeout {
            say("soak: \(SoakReport.seconds(drainLimit)) left to drain within the time limit")
        }
        while drainStart.duration(to: clock.now) < drainLimit {
            ledger.ingest(receiver.deliveries)
            let lost = SoakVerdict(truth: truth, ledger: ledger, pathsRule: options.pathsRule).lost
            if lost.isEmpty { break }
            if lastDrainProgress.duration(to: clock.now) >= .seconds(30) {
                lastDrainProgress = clock.now
                say("soak: draining for \(SoakReport.seconds(drainStart.duration(to: clock.now))), still missing "
                    + "\(lost.count): \(lost.prefix(5).joined(separator: "; "))")
            }
            try await clock.sleep(for: .milliseconds(250))
        }
        report.drained = drainStart.duration(to: clock.now)
        // Before the SIGTERMs, which give the lead back at once.
        if let leaderWatch {
            report.leaderTakeovers = leaderWatch.takeovers()
            if await !leaderWatch.stop(within: .seconds(10)) {
                say("soak: the leader watch's database read did not end within 10 s; left behind")
            }
        }
        say("soak: drained after \(SoakReport.seconds(report.drained)); stopping glwatch (SIGTERM)")
        for child in children {
            report.peakResidentBytes = max(report.peakResidentBytes, child.peakResidentBytes)
            child.send(SIGTERM)
        }
        var exits: [String] = []
        report.finalExitClean = true
        // One limit for all of them (they were all sent SIGTERM at once): shutdown_grace is 10 s, and closing the
        // store (giving leases back) takes a moment more.
        let stopDeadline = clock.now.advanced(by: Self.stopLimit)
        for child in children {
            let exit = await child.waitForExit(within: max(.zero, clock.now.duration(to: stopDeadline)))
            exits.append(
                exit.overdue
                    ? "still running \(Self.stopLimit) after SIGTERM (then killed)"
                    : exit.signaled ? "killed by signal \(exit.status)" : "exit status \(exit.status)"
            )
            report.finalExitClean = report.finalExitClean && !exit.overdue && !exit.signaled && exit.status == 0
        }
        report.finalExit = exits.joined(separator: ", ")
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
        report.truth = truth
        report.ledger = ledger
        report.verdict = SoakVerdict(truth: truth, ledger: ledger, pathsRule: options.pathsRule)
        if !report.passed { report.logTail = tail(of: logURL) }
        return report
    }

    /// How long a child may take to stop on SIGTERM before the soak kills it and fails.
    static var stopLimit: Duration { .seconds(40) }

    private func note(_ scriptedCase: SoakCase, _ what: String, at elapsed: Duration) {
        report.cases.append("\(scriptedCase.rawValue) at \(SoakReport.seconds(elapsed)): \(what)")
        report.changeLog.append("\(SoakReport.seconds(elapsed)): \(what)")
    }

    /// Notes one random change in the report's change log, with the time since changes began.
    private func logChange(_ what: String) {
        report.changeLog.append("\(SoakReport.seconds(changesBegan.duration(to: clock.now))): \(what)")
    }

    func pick(_ milliseconds: ClosedRange<Int>) -> Duration {
        .milliseconds(Int.random(in: milliseconds, using: &random))
    }
}

extension SoakRun {
    /// Why a soak cannot run on the database at `url`: it holds an earlier run's state (its projects, heads and
    /// leases would be taken for this run's), which would fail the run for reasons of its own.
    struct UsedDatabase: Error, CustomStringConvertible {
        var location: String
        var description: String {
            "the soak's database \(location) holds the state of an earlier glwatch: give the soak an empty database "
                + "(a new one, or the same dropped and created again)"
        }
    }

    /// Throws `UsedDatabase` unless no glwatch ever wrote to the database at `url`.
    static func requireUnused(_ url: String) async throws {
        let configuration = try PostgresStoreConfiguration(url: url)
        guard try await PostgresStateStore.isUnused(configuration) else {
            throw UsedDatabase(location: configuration.location)
        }
    }
}
