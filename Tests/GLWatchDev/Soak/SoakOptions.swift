import Watcher

/// How long and how hard a soak runs, and which parts of issue 12's timeline it includes.
struct SoakOptions: Sendable {
    /// The seed of every random choice of the driver (changes, kills, receiver outages, faults).
    var seed: UInt64
    /// How many projects random changes pick from (beside the projects of the scripted cases).
    var projects: Int
    /// How long changes are scripted and glwatch killed (the drain comes after).
    var duration: Duration
    /// Stop scripting once the children logged this many polls (whichever comes first with `duration`).
    var cycles: Int?
    /// Pause between two scripted changes, in milliseconds (picked uniformly).
    var changeEveryMilliseconds: ClosedRange<Int> = 150...500
    /// How long a child runs before it is killed, in milliseconds (picked uniformly).
    var killAfterMilliseconds: ClosedRange<Int> = 1_000...5_000
    /// Where to copy the children's log (standard error, debug level) at the end; `nil` to drop it.
    var logCopy: String?
    /// How long the last child may take to deliver everything once changes stop (with every part on, a drain
    /// under load has taken up to 73 s).
    var drainTimeout: Duration = .seconds(120)
    /// The whole soak's budget, when a caller gives up waiting after a while (a test's time limit): the drain ends
    /// early enough for the children to stop and the report to be printed within it, so that a run that went long
    /// still says what it found. `nil`: no budget.
    var timeLimit: Duration?
    /// The scripted cases included (`SoakCase`): all but the ones in `pendingFixes`.
    var cases: Set<SoakCase> = Set(SoakCase.allCases.filter { !pendingFixes.contains($0.rawValue) })
    /// Whether the config has a `paths:` rule (routing to a second webhook sink) — issue 12, case 1.
    var pathsRule = !pendingFixes.contains("paths-rule")
    /// Whether 2% of GitLab's answers are bad input (an HTML page or text with status 200, a truncated body, a
    /// list that repeats or skips a page).
    var badAnswers = !pendingFixes.contains("bad-answers")
    /// How many `glwatch run` replicas run at once (more than one needs `databaseURL`): each kill picks one of
    /// them at random and restarts it (issue 18).
    var replicas = 1
    /// The PostgreSQL database the replicas share (an empty one), handed to them through the environment only (it
    /// holds a password); `nil` for one glwatch on SQLite.
    var databaseURL: String?
    /// A shell command that restarts the replicas' database (stops it, waits a few seconds, starts it again, then
    /// exits 0): run once, halfway through the changes, while the replicas keep running; no replica is killed
    /// meanwhile. `nil`: the database stays up.
    var databaseRestartCommand: String?
    /// The replicas' `state.postgres.lease_period`, in seconds: short, so a killed replica's projects move on
    /// within the soak's kill rhythm.
    var leasePeriodSeconds = 3
    /// Whether push events become visible 0–3 s after their push, out of id order, as GitLab writes them in a
    /// background job (docs/gitlab-api.md "Events").
    var lateEvents = !pendingFixes.contains("late-events")
    /// Whether one force-push in four replaces the branch with an unrelated history (an orphan branch pushed over
    /// it: GitLab has no merge base for the old and new heads) — issue 34.
    var unrelatedHistory = !pendingFixes.contains("unrelated-history")

    /// The parts of the timeline switched off by default because glwatch does not pass them yet (their fixes had
    /// not landed when this was written; `--with NAME` switches one on, `--with all` every one). Remove a name
    /// once its fix is in, so that CI holds the line.
    ///
    /// None today. `unrelated-history` was one until session 17: the long run of seed 20261215 had announced 20
    /// commits older than the watch (a branch made from a head retired in the same poll); with retired heads
    /// followed it passed 0/0/0 (BENCHMARKS.md).
    static let pendingFixes: Set<String> = []

    /// Every switch name: the cases, `paths-rule`, `bad-answers`, `late-events` and `unrelated-history`.
    static let switchNames =
        SoakCase.allCases.map(\.rawValue) + ["paths-rule", "bad-answers", "late-events", "unrelated-history"]

    /// Applies `--with` and `--without` (names from `switchNames`, or `all`).
    mutating func switching(on with: [String], off without: [String]) {
        func on(_ name: String) -> Bool {
            if without.contains(name) || without.contains("all") { return false }
            return with.contains(name) || with.contains("all") || !Self.pendingFixes.contains(name)
        }
        cases = Set(SoakCase.allCases.filter { on($0.rawValue) })
        pathsRule = on("paths-rule")
        badAnswers = on("bad-answers")
        lateEvents = on("late-events")
        unrelatedHistory = on("unrelated-history")
    }

    /// The CI run: six projects, 50 seconds of changes and kills, every case.
    static func short(seed: UInt64) -> SoakOptions {
        SoakOptions(seed: seed, projects: 6, duration: .seconds(50))
    }

    /// The long run (one command; its figures go in BENCHMARKS.md): twelve projects, twenty minutes, a kill every
    /// 1–5 s (several hundred).
    static func long(seed: UInt64) -> SoakOptions {
        SoakOptions(seed: seed, projects: 12, duration: .seconds(1_200))
    }

    /// The names switched off.
    var switchedOff: [String] {
        SoakCase.allCases.filter { !cases.contains($0) }.map(\.rawValue) + (pathsRule ? [] : ["paths-rule"])
            + (badAnswers ? [] : ["bad-answers"]) + (lateEvents ? [] : ["late-events"])
            + (unrelatedHistory ? [] : ["unrelated-history"])
    }

    /// The `--with` and `--without` arguments that replay the switches whatever the defaults.
    var switchArguments: [String] {
        Self.switchNames.map { name in switchedOff.contains(name) ? "--without \(name)" : "--with \(name)" }
            .filter { argument in
                // Only what differs from the defaults.
                let name = String(argument.split(separator: " ")[1])
                return argument.hasPrefix("--without") != Self.pendingFixes.contains(name)
            }
    }
}
