import Foundation
import Notifier
import Watcher

/// A deterministic stream of state changes whose completeness can be checked after a crash.
///
/// Change `n` writes rows that are all tagged with `n`: the project record's failure count becomes `n`, the
/// `main` head moves to `sha(change: n, index: 0)`, `contributorsPerChange` contributors `c<n>-<i>@crash.test`
/// appear, `commitCount(inChange: n)` commits whose SHAs start with `n` are reported, and two events
/// `crash-<n>-a`/`-b` are queued for both `sinks`. Every fifth change is large (400 commits), so a kill often
/// lands in the middle of a write. The crash test (`StoreCrashTests`) runs it in a child process
/// (`glwatch-dev bench store-crash-writer`), kills the child at random moments, and checks that every change is
/// wholly present or wholly absent.
enum StoreCrashWorkload {
    /// The one project the workload writes to.
    static let project = ProjectKey(instance: "crash.test", id: 1)
    /// New contributors per change.
    static let contributorsPerChange = 3
    /// The sinks every event is queued for.
    static let sinks = ["alpha", "beta"]
    /// The event ids of change `n`.
    static func eventIDs(inChange n: Int) -> [String] { ["crash-\(n)-a", "crash-\(n)-b"] }

    /// Reported commits written by change `n`.
    static func commitCount(inChange n: Int) -> Int { n % 5 == 0 ? 400 : 10 }

    /// A 40-digit SHA encoding the change number (first 16 digits) and an index (next 8).
    static func sha(change n: Int, index: Int) -> String {
        let changeDigits = String(n, radix: 16)
        let indexDigits = String(index, radix: 16)
        return String(repeating: "0", count: 16 - changeDigits.count) + changeDigits
            + String(repeating: "0", count: 8 - indexDigits.count) + indexDigits + String(repeating: "f", count: 16)
    }

    /// The change number encoded in a SHA made by `sha(change:index:)`.
    static func change(encodedIn sha: String) -> Int? {
        Int(sha.prefix(16), radix: 16)
    }

    /// The contributor email of change `n`, index `i`.
    static func email(change n: Int, index i: Int) -> String { "c\(n)-\(i)@crash.test" }

    /// The change number encoded in a contributor email.
    static func change(encodedInEmail email: String) -> Int? {
        guard email.hasPrefix("c"), let dash = email.firstIndex(of: "-") else { return nil }
        return Int(email[email.index(after: email.startIndex)..<dash])
    }

    /// Change number `n` (1-based), stamped with a fixed synthetic time so runs are reproducible.
    static func change(_ n: Int) -> StateChange {
        let at = Date(timeIntervalSince1970: 1_700_000_000 + TimeInterval(n))
        let events = eventIDs(inChange: n).map { id in
            PlannedEvent(
                event: OutboxEvent(
                    id: id,
                    type: "commits.new",
                    projectKey: project.description,
                    branch: "main",
                    payload: Data(#"{"change":\#(n)}"#.utf8),
                    createdAt: at
                ),
                deliveries: sinks.map { PlannedDelivery(sink: $0, rule: "crash-test", notBefore: at) }
            )
        }
        return StateChange(
            at: at,
            projects: [
                ProjectRecord(
                    key: project,
                    path: "crash/test",
                    lastPollAt: at,
                    lastSuccessAt: at,
                    consecutiveFailures: n
                )
            ],
            heads: [.set(project: project, branch: "main", sha: sha(change: n, index: 0))],
            contributors: (0..<contributorsPerChange).map { i in
                StateChange.NewContributor(
                    project: project,
                    contributor: Contributor(
                        email: email(change: n, index: i),
                        name: "Crash \(n).\(i)",
                        firstCommit: sha(change: n, index: i),
                        firstSeenAt: at
                    )
                )
            },
            reportedCommits: [
                StateChange.ReportedCommits(
                    project: project,
                    shas: (0..<commitCount(inChange: n)).map { sha(change: n, index: $0) }
                )
            ],
            events: events
        )
    }
}
