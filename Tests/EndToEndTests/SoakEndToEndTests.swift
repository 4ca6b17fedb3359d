import Foundation
import Testing

/// Issue 12's acceptance test, short seed (`glwatch-dev bench soak --short`): `glwatch run` as a child process,
/// SIGKILLed at random moments and restarted, against a fake GitLab failing requests (5xx, timeouts, connection
/// resets, bad answers) and a webhook receiver that goes down, hangs and drops connections, on a timeline with
/// every case of the issue. The expected events come from the fake's repositories. It fails on any lost,
/// duplicated or unexpected announcement; the output names the seed and the command that replays a failure.
@Suite("glwatch-dev bench soak --short", .serialized)
struct SoakEndToEndTests {
    @Test(.timeLimit(.minutes(4)))
    func testShortSoak_everyCaseKilledAtRandomUnderFaults_losesNothingAndDuplicatesNothing() async throws {
        let soak = try GLWatchProcess(["bench", "soak", "--short"], executable: "glwatch-dev")
        defer { soak.terminate() }

        let status = try await soak.waitForExit(timeout: .seconds(220))

        let report = soak.stdout
        #expect(status == 0, "the soak failed:\n\(report)\n\(soak.stderr)")
        #expect(report.contains("\nlost:          0\n"), "\(report)")
        #expect(report.contains("\nduplicated:    0 "), "\(report)")
        #expect(report.contains("\nunexpected:    0\n"), "\(report)")
        let kills = report.split(separator: "\n").first { $0.hasPrefix("kills:") }
        #expect(kills.map { !$0.hasPrefix("kills:         0 ") } == true, "no child was killed: \(report)")
        let cases = report.split(separator: "\n").filter { $0.hasPrefix("case:") }
        #expect(!cases.isEmpty && cases.allSatisfy { !$0.contains("not reached") }, "a case did not run: \(report)")
        #expect(report.hasSuffix("PASS\n"), "\(report)")
    }
}
