import Logging
import Testing

@testable import Watcher

@Suite struct ShutdownStepsTests {
    @Test func testAStepPastItsPatience_isNamedInAWarning_untilItEnds() async throws {
        // Given stop steps with a patience of 20 ms, and a step that waits until the test lets it go
        let lines = CapturingLogHandler.Lines()
        let steps = ShutdownSteps(logger: CapturingLogHandler.logger(lines), patience: .milliseconds(20))
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)

        // When the step runs until a warning has named it
        async let ran: Int = steps.run("deliveries in flight") {
            for await _ in release { break }
            return 7
        }
        for _ in 0..<1_000 where !lines.all.contains(where: { $0.contains("deliveries in flight") }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        releaser.yield()

        // Then the warning says what the stop waits for and for how long, and the step's result comes back
        #expect(await ran == 7)
        let warning = try #require(lines.all.first)
        #expect(warning.hasPrefix("warning stopping takes long: still waiting for deliveries in flight"))
        #expect(warning.contains("waited=20ms"))
    }

    @Test func testAQuickStep_logsNothing_andItsErrorComesThrough() async throws {
        // Given stop steps with the default patience (10 s)
        let lines = CapturingLogHandler.Lines()
        let steps = ShutdownSteps(logger: CapturingLogHandler.logger(lines))
        struct Closing: Error {}

        // When one step returns at once and another throws
        let value = await steps.run("the HTTP clients") { 1 }
        await #expect(throws: Closing.self) { try await steps.run("the state store") { throw Closing() } }

        // Then nothing is logged
        #expect(value == 1)
        #expect(lines.all.isEmpty)
    }
}
