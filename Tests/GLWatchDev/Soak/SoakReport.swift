import FakeGitLab
import Foundation
import Watcher

/// What a soak did and found, printed by `glwatch-dev bench soak`.
struct SoakReport: Sendable {
    /// The seed (`--seed` replays the run's choices).
    var seed: UInt64
    /// The options it ran with.
    var options: SoakOptions
    /// Changes scripted, by kind.
    var changes: [String: Int] = [:]
    /// The scripted cases, one line each: when, and what was done.
    var cases: [String] = []
    /// When changes began: one second after the first child logged that it started.
    var startedAfter = Duration.zero
    /// When the first child logged its first cycle (kills start then).
    var readyAfter: Duration?
    /// Children killed with SIGKILL.
    var kills = 0
    /// Children started after a kill.
    var restarts = 0
    /// How many times the replicas' database was restarted (`SoakOptions.databaseRestartCommand`).
    var databaseRestarts = 0
    /// Among replicas, for each kill of the leader: how long until another replica led (`nil`: none did).
    var leaderTakeovers: [Duration?] = []
    /// Receiver outages, by kind (`503`, `refused`, `hung`, `dropped`).
    var outages: [String: Int] = [:]
    /// 429 bursts injected.
    var throttleBursts = 0
    /// Polls the children logged (finished or failed), and the failed ones.
    var pollCycles = 0
    var failedPolls = 0
    /// The children's peak resident memory (the largest `VmHWM`), in bytes.
    var peakResidentBytes = 0
    /// How long changes were scripted, and how long the drain took.
    var scripted = Duration.zero
    var drained = Duration.zero
    /// How the last child ended on SIGTERM, and whether that was a clean exit 0.
    var finalExit = ""
    var finalExitClean = false
    var truth: FakeGroundTruth?
    var ledger = SoakLedger()
    var verdict = SoakVerdict()

    /// The end of the children's log, kept when the run failed.
    var logTail: String?
    /// Every change the script made, and every kill and restart, one line each (`12.3 s: push 2 to soak/p1@main
    /// …`); printed, with the kills, for the projects with a finding when the run failed.
    var changeLog: [String] = []

    /// Creates an empty report.
    init(seed: UInt64, options: SoakOptions) {
        self.seed = seed
        self.options = options
    }

    /// Whether the soak passed: nothing lost, duplicated or invented, and a clean exit on SIGTERM.
    var passed: Bool { verdict.passed && finalExitClean && leaderMovedInTime }

    /// Whether every kill of the leader was followed by another replica leading within one lease period, plus 2 s
    /// for the watch's polling, a round's own time and a loaded machine.
    var leaderMovedInTime: Bool {
        let limit = Duration.seconds(options.leasePeriodSeconds + 2)
        return leaderTakeovers.allSatisfy { $0.map { $0 <= limit } ?? false }
    }

    /// The report as text.
    func rendered(replay: String) -> String {
        let delivered = ledger.eventsByType.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        let changeList = changes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        let outageList = outages.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }
        let away = ledger.turnedAway.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }
        var lines: [String] = []
        lines.append("soak: seed \(seed)  (replay: \(replay))")
        lines.append("switched off:  " + (options.switchedOff.isEmpty ? "nothing" : options.switchedOff.joined(separator: ", ")))
        lines.append("changes:       " + changeList.joined(separator: ", "))
        lines += cases.map { "case:          " + $0 }
        if let truth {
            let commits = truth.commits.values.reduce(0) { $0 + $1.count }
            let optional = truth.optionalCommits.values.reduce(0) { $0 + $1.count }
            lines.append(
                "expected:      \(truth.expectedCount) announcements (from the fake's repositories) — \(commits) commits "
                    + "(+\(optional) optional), \(truth.createdBranches.values.reduce(0, +)) branches created, "
                    + "\(truth.deletedBranches.values.reduce(0, +)) deleted, \(truth.forcePushes.values.reduce(0, +)) "
                    + "force-pushes, \(truth.newContributors.count) new contributors, "
                    + "\(truth.removedProjects.count) projects removed"
            )
        }
        lines.append("delivered:     \(ledger.delivered) messages by webhook-id (\(delivered.joined(separator: ", ")); "
            + "\(ledger.pathsEvents.count) to the paths: rule's sink)")
        lines.append("lost:          \(verdict.lost.count)")
        lines.append("duplicated:    \(verdict.duplicated.count) (the same announcement under two webhook-ids)")
        lines.append("unexpected:    \(verdict.unexpected.count)")
        lines.append("receiver:      \(ledger.accepted) requests acknowledged (\(ledger.redelivered) redeliveries of an "
            + "acknowledged webhook-id, dropped), turned away: "
            + (away.isEmpty ? "none" : away.joined(separator: ", ")))
        lines.append("kills:         \(kills) (SIGKILL), restarts: \(restarts); changes from "
            + "\(Self.seconds(startedAfter)), first cycle after " + (readyAfter.map(Self.seconds) ?? "never"))
        if options.databaseRestartCommand != nil {
            lines.append("database:      restarted \(databaseRestarts)× while the replicas ran")
        }
        if options.replicas > 1, options.databaseURL != nil {
            let moves = leaderTakeovers.map { $0.map(Self.seconds) ?? "never" }
            lines.append(
                "leader:        killed \(leaderTakeovers.count)× while leading; the lead moved after "
                    + (moves.isEmpty ? "-" : moves.joined(separator: ", "))
                    + " (lease period \(options.leasePeriodSeconds) s)" + (leaderMovedInTime ? "" : " — TOO LATE")
            )
        }
        lines.append("poll cycles:   \(pollCycles) project polls (\(failedPolls) failed under injected faults)")
        lines.append(
            "faults:        10% 5xx, 5% timeouts, 3% connection resets, 3% slow, "
                + (options.badAnswers ? "2% bad answers, " : "")
                + (options.lateEvents ? "push events 0–3 s late, " : "")
                + "\(throttleBursts) bursts of 429; receiver down "
                + (outageList.isEmpty ? "never" : outageList.joined(separator: ", "))
        )
        lines.append("peak memory:   \(peakResidentBytes / 1024 / 1024) MiB (largest VmHWM of the glwatch children)")
        lines.append(
            "time:          \(Self.seconds(scripted)) of changes, \(Self.seconds(drained)) to drain; "
                + "last child on SIGTERM: \(finalExit)"
        )
        for (title, items) in [("LOST", verdict.lost), ("DUPLICATED", verdict.duplicated),
                               ("UNEXPECTED", verdict.unexpected)] where !items.isEmpty {
            lines.append("\(title) by kind: " + Self.kinds(of: items))
            lines.append("\(title):")
            lines += items.prefix(50).map { "  " + $0 }
            if items.count > 50 { lines.append("  … and \(items.count - 50) more") }
        }
        let findings = verdict.lost + verdict.duplicated + verdict.unexpected
        let paths = Set(findings.flatMap { $0.split(separator: " ").compactMap(Self.projectPath(in:)) })
        for path in paths.sorted() {
            let changes = changeLog.filter {
                $0.contains(" \(path)@") || $0.hasSuffix(" \(path)") || $0.hasSuffix(": glwatch killed")
                    || $0.hasSuffix(": glwatch restarted")
            }
            lines.append("the script's changes to \(path) (\(changes.count)):")
            lines += changes.suffix(40).map { "  " + $0 }
        }
        if let logTail { lines += ["the children's log, last lines:", logTail] }
        lines.append(passed ? "PASS" : "FAIL (replay: \(replay))")
        return lines.joined(separator: "\n")
    }

    /// Findings grouped by what they say with SHAs and ids left out (`253× commit … in soak/fresh`), largest first.
    static func kinds(of items: [String]) -> String {
        var counts: [String: Int] = [:]
        for item in items {
            let words = item.split(separator: " ").map { (word: Substring) -> String in
                word.count >= 8 && word.allSatisfy { $0.isHexDigit } ? "…" : String(word)
            }
            counts[words.joined(separator: " "), default: 0] += 1
        }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(12)
            .map { "\($0.value)× \($0.key)" }.joined(separator: "; ")
    }

    /// The project path a word of a finding names (`soak/p5@feature/4` → `soak/p5`), or `nil`.
    static func projectPath(in word: Substring) -> String? {
        guard word.hasPrefix("\(SoakWorld.group)/") else { return nil }
        let path = word.split(separator: "@").first ?? word
        return String(path.trimmingCharacters(in: .punctuationCharacters))
    }

    /// `12.3 s`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
