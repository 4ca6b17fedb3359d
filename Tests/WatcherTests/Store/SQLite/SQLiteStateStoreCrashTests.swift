import ChildProcess
import FakeGitLab
import Foundation
import GRDB
import Testing

@testable import GLWatchDev
@testable import Watcher

#if canImport(Glibc)
import Glibc
#endif

/// The store's crash-safety proof: a child process (`glwatch-dev bench store-crash-writer`) applies
/// `StoreCrashWorkload` changes in a loop and is killed with SIGKILL at random moments; after every kill the
/// database must pass `PRAGMA integrity_check`, and every change must be wholly present or wholly absent.
///
/// Kill moments are random without sleeping: the test reads the child's "change n committed" lines and kills
/// after a random number of them (sometimes none — mid-open or mid-migration), so the kill lands at whatever
/// point of the following write the child has reached.
@Suite("SQLiteStateStore: killed at random moments")
struct SQLiteStateStoreCrashTests {
    let directory = TemporaryDirectory()

    @Test(.timeLimit(.minutes(5)))
    func testApply_childKilledAtRandomMoments_everyChangeWhollyPresentOrAbsent() throws {
        let executable = try GLWatchExecutable.locate("glwatch-dev")
        let path = directory.file("state.db")
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = FakeSplitMix64(seed: seed)
        var lastAcknowledged = 0
        var kills = 0

        for round in 0..<60 {
            // Start a writer, let it acknowledge a random number of changes (0...8), then SIGKILL it
            let child = try ChildProcess(
                executable,
                arguments: ["bench", "store-crash-writer", "--state", path],
                standardOutput: .pipe,
                standardError: .pipe
            )
            let output = child.standardOutput!
            let target = Int.random(in: 0...8, using: &random)
            var acknowledged: [Int] = []
            var pending = ""
            while acknowledged.count < target {
                let data = output.availableData
                if data.isEmpty { break }  // the child ended on its own: reported below
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    if let n = Int(pending[..<newline]) { acknowledged.append(n) }
                    pending.removeSubrange(...newline)
                }
            }
            child.send(SIGKILL)
            let end = child.waitUntilExit()
            let stderr = String(decoding: child.standardError!.readDataToEndOfFile(), as: UTF8.self)
            try #require(
                end == .killed(by: SIGKILL),
                "round \(round) (seed \(seed)): child was not killed but ended with \(end): \(stderr)"
            )
            kills += 1
            lastAcknowledged = max(lastAcknowledged, acknowledged.max() ?? 0)

            // Then the database is sound and holds exactly the changes 1...n, each complete, n ≥ acknowledged
            let n = try Self.verify(path: path, round: round, seed: seed)
            #expect(
                n >= lastAcknowledged,
                "round \(round) (seed \(seed)): acknowledged change \(lastAcknowledged) lost"
            )
        }
        #expect(kills >= 50)
        #expect(lastAcknowledged > 0, "the children committed nothing at all (seed \(seed))")
    }

    /// Checks the database after a kill; returns the number of the last (complete) change in it.
    private static func verify(path: String, round: Int, seed: UInt64) throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        let context = "round \(round) (seed \(seed))"
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db -> Int in
            guard try db.tableExists("project") else { return 0 }  // killed before the first migration committed
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            #expect(integrity == ["ok"], "\(context): integrity_check")
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty, "\(context): foreign keys")

            let last = try Int.fetchOne(db, sql: "SELECT consecutiveFailures FROM project") ?? 0
            var commits: [Int: Int] = [:]
            for sha in try Data.fetchAll(db, sql: "SELECT sha FROM reportedCommit") {
                commits[StoreCrashWorkload.change(encodedIn: CommitSHA.hex(fromBytes: sha)) ?? -1, default: 0] += 1
            }
            var contributors: [Int: Int] = [:]
            for email in try String.fetchAll(db, sql: "SELECT email FROM contributor") {
                contributors[StoreCrashWorkload.change(encodedInEmail: email) ?? -1, default: 0] += 1
            }
            var events: [Int: Int] = [:]
            var deliveries: [Int: Int] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT e.id, (SELECT COUNT(*) FROM delivery d WHERE d.eventSeq = e.seq) AS n FROM event e"
            ) {
                let id: String = row["id"]
                let n = Int(id.split(separator: "-")[1]) ?? -1
                events[n, default: 0] += 1
                deliveries[n, default: 0] += row["n"] as Int
            }

            let present = Set(commits.keys).union(contributors.keys).union(events.keys)
            #expect(present == Set(1..<(last + 1)), "\(context): changes present are exactly 1...\(last)")
            for n in 1..<(last + 1) {
                #expect(commits[n] == StoreCrashWorkload.commitCount(inChange: n), "\(context): commits of \(n)")
                #expect(contributors[n] == StoreCrashWorkload.contributorsPerChange, "\(context): contributors of \(n)")
                #expect(events[n] == 2, "\(context): events of \(n)")
                #expect(deliveries[n] == 2 * StoreCrashWorkload.sinks.count, "\(context): deliveries of \(n)")
            }
            let head = try String.fetchOne(db, sql: "SELECT sha FROM branchHead WHERE branch = 'main'")
            #expect(head == (last > 0 ? StoreCrashWorkload.sha(change: last, index: 0) : nil), "\(context): head")
            return last
        }
    }
}
