import Foundation
import Logging
import Synchronization
import Testing

@testable import Watcher

@Suite("BaselineProgress")
struct BaselineProgressTests {
    private static func polled(_ id: Int64) -> EngineActivity {
        .polled(
            PollReport(
                project: ProjectKey(instance: "gitlab.com", id: id),
                path: "acme/p\(id)",
                startedAt: Date(timeIntervalSince1970: 0),
                duration: 0.1,
                outcome: .unchanged,
                eventsStored: 0,
                deliveriesQueued: 0
            )
        )
    }

    @Test func testLargeBaselineOnATerminal_showsProgressThenClearsIt() {
        let terminal = RecordingLine()
        let lines = CapturingLogHandler.Lines()
        let progress = BaselineProgress(
            watchedCount: { 25 },
            logger: CapturingLogHandler.logger(lines),
            terminal: terminal
        )

        for id in 1...25 { progress.record(Self.polled(Int64(id))) }
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
        let small = BaselineProgress(watchedCount: { 3 }, logger: Logger(label: "t"), terminal: terminal)
        for id in 1...3 { small.record(Self.polled(Int64(id))) }
        small.finish()
        #expect(terminal.shown.isEmpty)
        #expect(terminal.clears == 0)

        let piped = BaselineProgress(watchedCount: { 50 }, logger: Logger(label: "t"), terminal: nil)
        for id in 1...3 { piped.record(Self.polled(Int64(id))) }  // nothing to draw on: no crash, no output
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
