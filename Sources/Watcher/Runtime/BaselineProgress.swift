import Foundation
import Logging
import Synchronization

/// Reports the first cycle: a `first poll done` debug line per project, one `first cycle done` info line once
/// every project of every target has a baseline (`WatchEngine.isBaselineComplete`), and — while a large initial
/// baseline runs with standard error on a terminal — a progress line (`baseline: 120/800 projects polled`)
/// rewritten in place.
final class BaselineProgress: Sendable {
    private struct State {
        var seen: Set<ProjectKey> = []
        var lineShown = false
        var cycleDone = false
    }

    private let watchedCount: @Sendable () -> Int
    private let isComplete: @Sendable () -> Bool
    private let logger: Logger
    private let terminal: (any TerminalLine)?
    private let state = Mutex(State())

    /// The fewest projects for which the progress line is worth showing.
    static let minimumProjects = 20

    /// Creates the reporter; `watchedCount` says how many projects are watched now (the engine's list),
    /// `isComplete` whether every project of every target has a baseline, and `terminal` is where the progress
    /// line goes (`nil`: no progress line).
    init(
        watchedCount: @escaping @Sendable () -> Int,
        isComplete: @escaping @Sendable () -> Bool,
        logger: Logger,
        terminal: (any TerminalLine)? = StandardErrorLine.ifTerminal()
    ) {
        self.watchedCount = watchedCount
        self.isComplete = isComplete
        self.logger = logger
        self.terminal = terminal
    }

    /// Takes note of one engine activity.
    func record(_ activity: EngineActivity) {
        let report: PollReport
        switch activity {
        case .polled(let polled) where polled.baselined: report = polled
        case .discovered, .leasesSettled: return reportCycleIfDone(count: state.withLock { $0.seen.count })
        default: return
        }
        let total = watchedCount()
        let (first, count) = state.withLock { state in
            (state.seen.insert(report.project).inserted, state.seen.count)
        }
        guard first else { return }
        logger.debug(
            "first poll done",
            metadata: ["project": "\(report.path)", "outcome": "\(report.outcome)", "watched": "\(count)/\(total)"]
        )
        reportCycleIfDone(count: count)
        guard let terminal, total >= Self.minimumProjects else { return }
        if count < total {
            state.withLock { $0.lineShown = true }
            terminal.show("baseline: \(count)/\(total) projects polled")
        } else {
            finish()
        }
    }

    /// Logs `first cycle done` once, when every project of every target has a baseline.
    private func reportCycleIfDone(count: Int) {
        guard isComplete() else { return }
        let done = state.withLock { state in
            defer { state.cycleDone = true }
            return !state.cycleDone
        }
        if done { logger.info("first cycle done", metadata: ["projects": "\(count)"]) }
    }

    /// Clears the progress line, if one is shown.
    func finish() {
        let shown = state.withLock { state in
            defer { state.lineShown = false }
            return state.lineShown
        }
        if shown { terminal?.clear() }
    }
}

/// A status line rewritten in place on a terminal.
protocol TerminalLine: Sendable {
    /// Replaces the line with `text`.
    func show(_ text: String)
    /// Erases the line.
    func clear()
}

/// The status line on standard error.
struct StandardErrorLine: TerminalLine {
    /// The line when standard error is a terminal, else `nil` (logs to files or journald get no `\r` noise).
    static func ifTerminal() -> StandardErrorLine? {
        isatty(STDERR_FILENO) == 1 ? StandardErrorLine() : nil
    }

    func show(_ text: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }

    func clear() {
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
