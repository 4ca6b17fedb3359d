import FakeGitLab
import Watcher

/// The soak's comparison of what glwatch delivered (`SoakLedger`) with the ground truth worked out from the fake's
/// repositories (`FakeGroundTruth`): what was lost, what was announced twice, what was announced that never
/// happened.
struct SoakVerdict: Sendable {
    /// Announcements expected and never delivered, one line each.
    var lost: [String] = []
    /// Announcements delivered by more than one distinct event (under more than one `webhook-id`).
    var duplicated: [String] = []
    /// Announcements delivered that never happened, and bodies that were not events.
    var unexpected: [String] = []

    /// Whether glwatch kept its promise: nothing lost, nothing twice, nothing invented, every message signed.
    var passed: Bool { lost.isEmpty && duplicated.isEmpty && unexpected.isEmpty }

    /// The files a commit must touch for the `paths:` rule (`paths: ["src/**"]`) to route its event.
    static let pathsPrefix = "src/"

    /// An empty verdict (nothing compared yet).
    init() {}

    /// Compares; `badSignatures` in the ledger count as unexpected. `pathsRule` says whether the config had the
    /// `paths:` rule, whose sink is then checked.
    init(truth: FakeGroundTruth, ledger: SoakLedger, pathsRule: Bool = true) {
        compareCommits(truth: truth, ledger: ledger)
        compare("branch.created", expected: truth.createdBranches, got: ledger.createdBranches)
        compare("branch.deleted", expected: truth.deletedBranches, got: ledger.deletedBranches)
        compare("branch.force_pushed", expected: truth.forcePushes, got: ledger.forcePushes)
        compareContributors(truth: truth, ledger: ledger)
        compareRemovals(truth: truth, ledger: ledger)
        if pathsRule { comparePathsRule(truth: truth, ledger: ledger) }
        if let renamed = ledger.eventsByType["project.renamed"] {
            unexpected.append("\(renamed) project.renamed events (the soak renames nothing)")
        }
        for id in ledger.repeatedEventIDs { duplicated.append("event \(id) delivered under two webhook-ids") }
        for body in ledger.unreadable { unexpected.append("unreadable delivery \(body)") }
        if ledger.badSignatures > 0 { unexpected.append("\(ledger.badSignatures) requests with a bad signature") }
    }

    private mutating func compareCommits(truth: FakeGroundTruth, ledger: SoakLedger) {
        // Commits a truncated event left out are covered by it when its range holds them.
        var covered: [Int64: Set<String>] = [:]
        for event in ledger.truncated {
            guard let project = event.data.project, let head = event.resultingHead else { continue }
            let listed = Set(event.commitIDs)
            let possible = truth.commits[project.id, default: []].union(truth.optionalCommits[project.id, default: []])
            let range = truth.range(in: project.id, from: event.data.before ?? event.data.oldHead, to: head)
                .intersection(possible).subtracting(listed)
            covered[project.id, default: []].formUnion(range)
            if event.omitted > range.count {
                unexpected.append(
                    "\(event.type) \(event.id) on \(project.path)@\(event.data.branch ?? "") left out "
                        + "\(event.omitted) commits; its range holds only \(range.count) new ones"
                )
            }
        }
        for (project, shas) in truth.commits.sorted(by: { $0.key < $1.key }) {
            let path = truth.paths[project] ?? "project \(project)"
            let got = ledger.commits[project] ?? [:]
            for sha in shas.sorted() {
                switch got[sha] ?? 0 {
                case 0 where covered[project, default: []].contains(sha): break
                case 0: lost.append("commit \(sha.prefix(12)) in \(path)")
                case 1: break
                case let count: duplicated.append("commit \(sha.prefix(12)) in \(path) in \(count) events")
                }
            }
        }
        for (project, got) in ledger.commits {
            let allowed = truth.commits[project, default: []].union(truth.optionalCommits[project, default: []])
            for sha in Set(got.keys).subtracting(allowed).sorted() {
                unexpected.append("commit \(sha.prefix(12)) announced in \(truth.paths[project] ?? "project \(project)"), never pushed after the start")
            }
        }
    }

    private mutating func compareContributors(truth: FakeGroundTruth, ledger: SoakLedger) {
        var expected = Dictionary(uniqueKeysWithValues: truth.newContributors.map { ($0, 1) })
        var got = ledger.newContributors
        for maybe in truth.optionalContributors where got[maybe, default: 0] <= 1 {
            got[maybe] = nil
            expected[maybe] = nil
        }
        compare("contributor.new", expected: expected, got: got)
    }

    private mutating func compareRemovals(truth: FakeGroundTruth, ledger: SoakLedger) {
        for (project, path) in truth.removedProjects.sorted(by: { $0.key < $1.key }) {
            switch ledger.removedProjects[project] ?? 0 {
            case 0: lost.append("project.removed for \(path) (deleted)")
            case 1: break
            case let count: duplicated.append("project.removed for \(path): \(count) events")
            }
        }
        for (project, count) in ledger.removedProjects.sorted(by: { $0.key < $1.key })
        where truth.removedProjects[project] == nil {
            // An archived project leaves the watch: saying so once is allowed, not required (issue 12, case 5).
            if truth.archivedProjects[project] != nil, count == 1 { continue }
            unexpected.append("\(count) project.removed for \(truth.paths[project] ?? "project \(project)"), which is still there")
        }
    }

    /// Every `commits.new` the main sink got that lists a commit touching `src/` (or that left commits out, whose
    /// diff glwatch may not have seen whole) must reach the `paths:` rule's sink; nothing else may.
    private mutating func comparePathsRule(truth: FakeGroundTruth, ledger: SoakLedger) {
        for (id, event) in ledger.commitEvents.sorted(by: { $0.key < $1.key }) {
            guard let project = event.data.project else { continue }
            let touches = event.commitIDs.contains { sha in
                truth.changedPaths(in: project.id, of: sha).contains { $0.hasPrefix(Self.pathsPrefix) }
            }
            let where_ = "\(project.path)@\(event.data.branch ?? "")"
            if touches, ledger.pathsEvents[id] == nil {
                lost.append("commits.new \(id) on \(where_) touches \(Self.pathsPrefix): never reached the paths: rule's sink")
            }
            if !touches, event.omitted == 0, ledger.pathsEvents[id] != nil {
                unexpected.append("commits.new \(id) on \(where_) touches no \(Self.pathsPrefix) file, yet the paths: rule routed it")
            }
        }
        for id in Set(ledger.pathsEvents.keys).subtracting(ledger.commitEvents.keys).sorted() {
            unexpected.append("\(ledger.pathsEvents[id]!.type) \(id) reached the paths: rule's sink only")
        }
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
                    unexpected.append("\(have) \(type) for \(key), which never happened")
                } else {
                    duplicated.append("\(type) for \(key): \(have) events for \(want)")
                }
            }
        }
    }
}
