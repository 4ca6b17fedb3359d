import Foundation
import Testing

@Suite("glwatch demo, as a subprocess")
struct DemoEndToEndTests {
    @Test(.timeLimit(.minutes(5)))
    func testDemo_exitsZeroAndPrintsTheNotifications() async throws {
        let demo = try GLWatchProcess(["demo"], environment: ["HOME": NSTemporaryDirectory()])

        let status = try await demo.waitForExit()

        #expect(status == 0, "stderr: \(demo.stderr)")
        #expect(demo.stdout.contains("2 new commits on main in acme/rocket"))
        #expect(demo.stdout.contains("New contributor: Grace Hopper"))
        #expect(demo.stdout.contains("Force-push: feature/boosters in acme/rocket"))
        #expect(demo.stdout.contains("That was glwatch: 7 notifications"))
        #expect(demo.stderr.isEmpty, "nothing to warn about: \(demo.stderr)")
    }
}
