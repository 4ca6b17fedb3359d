import Foundation
import Logging
import Synchronization
import Testing

@testable import Watcher

@Suite("BaselineProgress")
struct BaselineProgressTests {
    private static func polled(_ id: Int64, baselined: Bool = true) -> EngineActivity {
        .polled(
            PollReport(
                project: ProjectKey(instance: "gitlab.com", id: id),
                path: "acme/p\(id)",
                startedAt: Date(timeIntervalSince1970: 0),
                duration: 0.1,
                outcome: .unchanged,
                eventsStored: 0,
                deliveriesQueued: 0,
                baselined: baselined
            )
        )
    }

    @Test func testLargeBaselineOnATerminal_showsProgressThenClearsIt() {
        let terminal = RecordingLine()
        let lines = CapturingLogHandler.Lines()
        let baselined = Mutex(0)
        let progress = BaselineProgress(
            watchedCount: { 25 },
            isComplete: { baselined.withLock { $0 } == 25 },
            logger: CapturingLogHandler.logger(lines),
            terminal: terminal
        )

        for id in 1...25 {
            baselined.withLock { $0 += 1 }
            progress.record(Self.polled(Int64(id)))
        }
        progress.record(Self.polled(3))  // a second poll of a project counts once

        #expect(terminal.shown.first == "baseline: 1/25 projects polled")
        #expect(terminal.shown.last == "baseline: 24/25 projects polled")
        #expect(terminal.shown.count == 24)
        #expect(terminal.clears == 1)
        #expect(lines.all.filter { $0.hasPrefix("debug first poll done") }.count == 25)
        #expect(lines.all[0].contains("project=acme/p1"))
        #expect(lines.all[0].contains("watched=1/25"))
        #expect(lines.all.filter { $0.hasPrefix("info first cycle done projects=25") }.count == 1)
    }

    @Test func testSmallBaseline_orNoTerminal_showsNoProgressLine() {
        let terminal = RecordingLine()
        let small = BaselineProgress(
            watchedCount: { 3 }, isComplete: { true }, logger: Logger(label: "t"), terminal: terminal
        )
        for id in 1...3 { small.record(Self.polled(Int64(id))) }
        small.finish()
        #expect(terminal.shown.isEmpty)
        #expect(terminal.clears == 0)

        let piped = BaselineProgress(
            watchedCount: { 50 }, isComplete: { false }, logger: Logger(label: "t"), terminal: nil
        )
        for id in 1...3 { piped.record(Self.polled(Int64(id))) }  // nothing to draw on: no crash, no output
    }
}

extension BaselineProgressTests {
    @Test func testFirstCycleDone_waitsForEveryBaseline_notForEveryPoll() {
        // Given two projects, the second of which fails its first poll (no baseline yet)
        let lines = CapturingLogHandler.Lines()
        let complete = Mutex(false)
        let progress = BaselineProgress(
            watchedCount: { 2 }, isComplete: { complete.withLock { $0 } },
            logger: CapturingLogHandler.logger(lines), terminal: nil
        )

        // When both have polled once
        progress.record(Self.polled(1))
        progress.record(Self.polled(2, baselined: false))

        // Then the first cycle is not done
        #expect(!lines.all.contains { $0.hasPrefix("info first cycle done") })

        // When the second one's baseline is stored
        complete.withLock { $0 = true }
        progress.record(Self.polled(2))

        // Then it is, once
        progress.record(Self.polled(1))
        #expect(lines.all.filter { $0.hasPrefix("info first cycle done projects=2") }.count == 1)
    }
}

/// Records what a progress line would draw.
private final class RecordingLine: TerminalLine {
    private let state = Mutex<(shown: [String], clears: Int)>(([], 0))

    var shown: [String] { state.withLock { $0.shown } }
    var clears: Int { state.withLock { $0.clears } }

    func show(_ text: String) { state.withLock { $0.shown.append(text) } }
    func clear() { state.withLock { $0.clears += 1 } }
}

extension BaselineProgressTests {
    @Test func testFirstCycleDone_amongReplicas_isSaidWhenTheLeasesSettle_forAShareOfNothing() {
        // Given a replica whose share, once its leases settled, is no project at all (no poll will come)
        let lines = CapturingLogHandler.Lines()
        let settled = Mutex(false)
        let progress = BaselineProgress(
            watchedCount: { 0 }, isComplete: { settled.withLock { $0 } },
            logger: CapturingLogHandler.logger(lines), terminal: nil
        )

        // When the leases settle
        settled.withLock { $0 = true }
        progress.record(.leasesSettled)

        // Then the first cycle is done, once
        progress.record(.leasesSettled)
        #expect(lines.all.filter { $0.hasPrefix("info first cycle done projects=0") }.count == 1)
    }
}
