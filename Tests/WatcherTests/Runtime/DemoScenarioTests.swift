import Foundation
import Logging
import RxCore
import Testing

@testable import Watcher

@Suite("glwatch demo's scenario")
struct DemoScenarioTests {
    @Test(.timeLimit(.minutes(5)))
    func testDemo_printsOneNotificationPerScriptedChange() async throws {
        // Given the demo writing to a captured output
        let directory = TemporaryDirectory()
        let output = CapturedText()
        var logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        logger.logLevel = .critical

        // When
        let count = try await DemoScenario(
            output: output,
            scheduler: ConcurrentDispatchQueueScheduler(qos: .userInitiated),
            stateDirectory: directory.path,
            logger: logger
        ).run()

        // Then every scripted change was noticed and printed, in order, under its narration
        let text = output.text
        #expect(count == 7)
        let expectedInOrder = [
            "▸ Ada pushes two commits to main…",
            "2 new commits on main in acme/rocket",
            "1 new commit on main in acme/rocket",
            "New contributor: Grace Hopper (grace@example.com) in acme/rocket",
            "Branch created: feature/boosters in acme/rocket",
            "1 new commit on feature/boosters in acme/rocket",
            "Force-push: feature/boosters in acme/rocket",
            "Branch deleted: feature/boosters in acme/rocket",
            "That was glwatch: 7 notifications",
        ]
        var rest = Substring(text)
        for line in expectedInOrder {
            guard let range = rest.range(of: line) else {
                Issue.record("missing, or out of order: \(line)\n\(text)")
                return
            }
            rest = rest[range.upperBound...]
        }
        #expect(!text.contains("\u{1B}["))  // no colour codes when the output is not a terminal
    }
}
