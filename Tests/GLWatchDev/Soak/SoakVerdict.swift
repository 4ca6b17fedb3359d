import Notifier
import Watcher

/// The soak's comparison of what glwatch delivered (`SoakLedger`) with what it had to (`SoakTruth`): what was
/// lost, what was announced twice, what was announced that never happened.
struct SoakVerdict: Sendable {
    /// Announcements expected and never delivered, one line each.
    var lost: [String] = []
    /// Announcements delivered by more than one distinct event (a duplicate a receiver cannot drop by `webhook-id`).
    var duplicated: [String] = []
    /// Announcements delivered that the script never caused, and bodies that were not events.
    var unexpected: [String] = []

    /// Whether glwatch kept its promise: nothing lost, nothing twice, nothing invented, every message signed.
    var passed: Bool { lost.isEmpty && duplicated.isEmpty && unexpected.isEmpty }

    /// Compares; `badSignatures` in the ledger count as unexpected.
    init(truth: SoakTruth, ledger: SoakLedger) {
        let commits = truth.commits.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        for (sha, branch) in commits {
            switch ledger.commits[sha] ?? 0 {
            case 0: lost.append("commit \(sha.prefix(12)) pushed to \(branch)")
            case 1: break
            case let count: duplicated.append("commit \(sha.prefix(12)) on \(branch) in \(count) events")
            }
        }
        for sha in Set(ledger.commits.keys).subtracting(truth.commits.keys).sorted() {
            let branch = ledger.commitBranches[sha].map(String.init(describing:)) ?? "?"
            unexpected.append("commit \(sha.prefix(12)) announced on \(branch), never pushed by the soak")
        }
        compare("branch.created", expected: Dictionary(uniqueKeysWithValues: truth.createdBranches.map { ($0, 1) }),
                got: ledger.createdBranches)
        compare("branch.force_pushed", expected: truth.forcePushes, got: ledger.forcePushes)
        compare("contributor.new", expected: Dictionary(uniqueKeysWithValues: truth.newContributors.map { ($0, 1) }),
                got: ledger.newContributors)
        for type in [EventType.branchDeleted, .projectRenamed] where ledger.eventsByType[type, default: 0] > 0 {
            unexpected.append("\(ledger.eventsByType[type]!) \(type) events (the soak makes none)")
        }
        for id in ledger.repeatedEventIDs { duplicated.append("event \(id) delivered under two webhook-ids") }
        for body in ledger.unreadable { unexpected.append("unreadable delivery \(body)") }
        if ledger.badSignatures > 0 { unexpected.append("\(ledger.badSignatures) requests with a bad signature") }
    }

    private mutating func compare<Key: Hashable & Comparable & CustomStringConvertible>(
        _ type: String, expected: [Key: Int], got: [Key: Int]
    ) {
        for key in Set(expected.keys).union(got.keys).sorted() {
            let want = expected[key] ?? 0
            let have = got[key] ?? 0
            if have < want { lost.append("\(want - have) of \(want) \(type) for \(key)") }
            if have > want {
                if want == 0 {
                    unexpected.append("\(have) \(type) for \(key), which the soak never caused")
                } else {
                    duplicated.append("\(type) for \(key): \(have) events for \(want)")
                }
            }
        }
    }
}
