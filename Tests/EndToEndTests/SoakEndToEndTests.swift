import Foundation
import Testing
import TestSupport

/// Issue 12's acceptance test, short seed (`glwatch-dev bench soak --short`): `glwatch run` as a child process,
/// SIGKILLed at random moments and restarted, against a fake GitLab failing requests (5xx, timeouts, connection
/// resets, bad answers) and a webhook receiver that goes down, hangs and drops connections, on a timeline with
/// every case of the issue. The expected events come from the fake's repositories. It fails on any lost,
/// duplicated or unexpected announcement; the output names the seed and the command that replays a failure. The
/// seeds are fixed (`SoakSeeds`), so every run tries the same scenarios.
///
/// The two soaks are suites of their own, each running its seeds one at a time (`.serialized`) but beside the other
/// soak: one after the other they were the longest path through `swift test` (issue 35).
@Suite("glwatch-dev bench soak --short", .serialized)
struct SoakEndToEndTests {
    @Test(.timeLimit(.minutes(5)), arguments: SoakSeeds.short)
    func testShortSoak_everyCaseKilledAtRandomUnderFaults_losesNothingAndDuplicatesNothing(seed: UInt64)
        async throws
    {
        let soak = try GLWatchProcess(
            ["bench", "soak", "--short", "--seed", "\(seed)", "--time-limit", "\(Self.timeLimit)"],
            executable: "glwatch-dev"
        )
        defer { soak.terminate() }

        // Its progress reaches a pipe as it is said, not at the end: the first cycle's line while it still runs
        try await soak.waitForLine(containing: "soak: first cycle done after", timeout: .seconds(120))
        #expect(soak.isRunning, "the progress line came only with the exit")

        // 50 s of changes (up to 100 s when the first cycle comes late), a drain of up to 120 s, the start and stop;
        // within its time limit the soak cuts the drain short, so a run that went long still reports what it found
        let status = try await soak.waitForExit(timeout: .seconds(280))

        let report = soak.stdout
        Self.expectNothingLostDoubledOrInvented(status: status, soak: soak)
        let cases = report.split(separator: "\n").filter { $0.hasPrefix("case:") }
        #expect(!cases.isEmpty && cases.allSatisfy { !$0.contains("not reached") }, "a case did not run: \(report)")
        #expect(report.hasSuffix("PASS\n"), "\(report)")
    }

    /// The soak's own budget in seconds (`--time-limit`), under the 280 s these tests wait for its exit.
    static let timeLimit = 262

    /// The integer right after `prefix` in `text` (spaces skipped).
    static func number(after prefix: String, in text: String) -> Int? {
        guard let range = text.range(of: prefix) else { return nil }
        return Int(text[range.upperBound...].drop(while: { $0 == " " }).prefix(while: \.isNumber))
    }

    /// The soak's verdict, as both tests demand it: exit 0, lost 0, duplicated 0, unexpected 0, and at least one
    /// child (or replica) killed.
    static func expectNothingLostDoubledOrInvented(status: Int32, soak: GLWatchProcess) {
        let report = soak.stdout
        #expect(status == 0, "the soak failed:\n\(report)\n\(soak.stderr)")
        #expect(report.contains("\nlost:          0\n"), "\(report)")
        #expect(report.contains("\nduplicated:    0 "), "\(report)")
        #expect(report.contains("\nunexpected:    0\n"), "\(report)")
        let kills = report.split(separator: "\n").first { $0.hasPrefix("kills:") }
        #expect(kills.map { !$0.hasPrefix("kills:         0 ") } == true, "no child was killed: \(report)")
    }
}

@Suite("glwatch-dev bench soak --short --replicas 3", .serialized)
struct ReplicaSoakEndToEndTests {
    /// Issue 18's acceptance test: three replicas on one PostgreSQL database, a random one SIGKILLed every few
    /// seconds and restarted, and the database itself restarted once halfway through (`pg_ctl stop -m fast`, three
    /// seconds down, started again, the replicas running throughout), under the same faults and timeline: nothing
    /// lost, no announcement under two webhook-ids (two replicas never both process one poll or one delivery), the
    /// lead taken by another replica within one lease period of each kill of the leader, and every replica back at
    /// work and stopping cleanly at the end.
    ///
    /// Without `recreated-while-down`: its premise, a branch deleted and recreated while glwatch is down, does not
    /// hold while two other replicas run (and a baseline deferred for late push events across several lease moves
    /// can land after the recreation, which then reads as a force-push).
    @Test(
        .timeLimit(.minutes(5)),
        .requires(.postgreSQL),
        arguments: SoakSeeds.replicas
    )
    func testShortSoak_threeReplicasOnPostgreSQL_killedAtRandom_databaseRestarted_loseNothingAndDuplicateNothing(
        seed: UInt64
    ) async throws {
        let url = try #require(ThrowawayPostgres.url)
        let restart = try #require(ThrowawayPostgres.restartCommand(pausing: 3))
        let soak = try GLWatchProcess(
            [
                "bench", "soak", "--short", "--seed", "\(seed)", "--replicas", "3", "--without", "recreated-while-down",
                "--database-restart-command", restart, "--time-limit", "\(SoakEndToEndTests.timeLimit)",
            ],
            environment: ["GLWATCH_SOAK_DATABASE_URL": url],
            executable: "glwatch-dev"
        )
        defer { soak.terminate() }

        let status = try await soak.waitForExit(timeout: .seconds(280))

        let report = soak.stdout
        SoakEndToEndTests.expectNothingLostDoubledOrInvented(status: status, soak: soak)
        // No webhook-id sent by two replicas: a delivery is claimed by one at a time. What at-least-once still
        // allows — a kill between the receiver's answer and its record, an answer later than the sink's timeout on
        // a loaded machine — stays rare: at most one redelivery per four kills (without delivery claims, seed 7
        // redelivered 18 webhook-ids in 16 kills; with them, runs redeliver 0 or 1).
        let redelivered = SoakEndToEndTests.number(after: " acknowledged (", in: report)
        let killed = SoakEndToEndTests.number(after: "\nkills:", in: report)
        #expect(redelivered != nil && killed != nil && redelivered! * 4 <= killed!, "\(report)")
        #expect(report.contains("\ndatabase:      restarted 1×"), "the database was not restarted: \(report)")
        // Each kill of the leader: another replica led within one lease period (+2 s of slack), or the soak fails.
        #expect(report.contains("\nleader:        killed "), "no leader line: \(report)")
        #expect(report.hasSuffix("PASS\n"), "\(report)")
        let password = try #require(URLComponents(string: url)?.password)
        #expect(!report.contains(password) && !soak.stderr.contains(password), "the database password was shown")
    }
}
