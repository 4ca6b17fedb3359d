import Foundation
import Notifier
import Watcher

/// What a soak did and found, printed by `glwatch-dev bench soak`.
struct SoakReport: Sendable {
    /// The seed (`--seed` replays the run's choices).
    var seed: UInt64
    /// Changes scripted, by kind.
    var changes: [String: Int] = [:]
    /// Children killed with SIGKILL.
    var kills = 0
    /// Children started after a kill.
    var restarts = 0
    /// Receiver outages, by kind (`503`, `refused`).
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
    var truth = SoakTruth()
    var ledger = SoakLedger()
    var verdict = SoakVerdict(truth: SoakTruth(), ledger: SoakLedger())
    /// The end of the children's log, kept when the run failed.
    var logTail: String?

    /// Whether the soak passed: nothing lost, duplicated or invented, and a clean exit on SIGTERM.
    var passed: Bool { verdict.passed && finalExitClean }

    /// The report as text.
    func rendered(replay: String) -> String {
        let truth = truth
        let forced = truth.forcePushes.values.reduce(0, +)
        let delivered = ledger.eventsByType.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let changeList = changes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        let outageList = outages.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }
        var lines: [String] = []
        lines.append("soak: seed \(seed)  (replay: \(replay))")
        lines.append("changes:       " + changeList.joined(separator: ", "))
        lines.append(
            "expected:      \(truth.expectedCount) announcements — \(truth.commits.count) commits, "
                + "\(truth.createdBranches.count) branches created, \(forced) force-pushes, "
                + "\(truth.newContributors.count) new contributors"
        )
        lines.append("delivered:     \(ledger.delivered) events by webhook-id (\(delivered))")
        lines.append("lost:          \(verdict.lost.count)")
        lines.append("duplicated:    \(verdict.duplicated.count) (the same announcement in two distinct events)")
        lines.append("unexpected:    \(verdict.unexpected.count)")
        lines.append(
            "raw duplicates \(ledger.rawDuplicates) (redeliveries of an accepted webhook-id, dropped by it); "
                + "\(ledger.accepted) requests accepted, \(ledger.refused) answered 503"
        )
        lines.append("kills:         \(kills) (SIGKILL), restarts: \(restarts)")
        lines.append("poll cycles:   \(pollCycles) project polls (\(failedPolls) failed under injected faults)")
        lines.append(
            "faults:        10% 5xx, 5% dropped connections, 5% slow (0.2–1.5 s), \(throttleBursts) bursts of 429; "
                + "receiver down " + (outageList.isEmpty ? "never" : outageList.joined(separator: ", "))
        )
        lines.append("peak memory:   \(peakResidentBytes / 1024 / 1024) MiB (largest VmHWM of the glwatch children)")
        lines.append(
            "time:          \(Self.seconds(scripted)) of changes, \(Self.seconds(drained)) to drain; "
                + "last child on SIGTERM: \(finalExit)"
        )
        for (title, items) in [("LOST", verdict.lost), ("DUPLICATED", verdict.duplicated),
                               ("UNEXPECTED", verdict.unexpected)] where !items.isEmpty {
            lines.append("\(title):")
            lines += items.prefix(50).map { "  " + $0 }
            if items.count > 50 { lines.append("  … and \(items.count - 50) more") }
        }
        if let logTail { lines += ["the children's log, last lines:", logTail] }
        lines.append(passed ? "PASS" : "FAIL")
        return lines.joined(separator: "\n")
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
