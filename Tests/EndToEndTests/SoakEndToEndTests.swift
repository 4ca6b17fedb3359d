import Foundation
import Testing

/// The fault-and-crash soak's CI run (`glwatch-dev bench soak --short`): `glwatch run` as a child process, SIGKILLed
/// at random moments and restarted, against a fake GitLab failing a share of requests and a webhook receiver that
/// goes down for stretches. It fails on any lost, duplicated or unexpected announcement; the output names the
/// seed that replays a failure (`glwatch-dev bench soak --short --seed N`).
@Suite("glwatch-dev bench soak --short", .serialized)
struct SoakEndToEndTests {
    @Test(.timeLimit(.minutes(4)))
    func testShortSoak_killedAtRandomUnderFaults_losesNothingAndDuplicatesNothing() async throws {
        let soak = try GLWatchProcess(["bench", "soak", "--short"], executable: "glwatch-dev")
        defer { soak.terminate() }

        let status = try await soak.waitForExit(timeout: .seconds(200))

        let report = soak.stdout
        #expect(status == 0, "the soak failed:\n\(report)\n\(soak.stderr)")
        #expect(report.contains("\nlost:          0\n"), "\(report)")
        #expect(report.contains("\nduplicated:    0 "), "\(report)")
        #expect(report.contains("\nunexpected:    0\n"), "\(report)")
        let kills = report.split(separator: "\n").first { $0.hasPrefix("kills:") }
        #expect(kills.map { !$0.hasPrefix("kills:         0 ") } == true, "no child was killed: \(report)")
        #expect(report.hasSuffix("PASS\n"), "\(report)")
    }
}
