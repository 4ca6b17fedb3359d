import ChildProcess
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The built `glwatch` executable running as a child process, with its output captured line by line.
///
/// Tests never sleep for timing: they wait for an expected output line (or the exit), each wait bounded by a
/// timeout that only turns a hang into a failure.
final class GLWatchProcess: Sendable {
    /// Which output a line came from.
    enum Stream: Sendable { case stdout, stderr }

    private struct State {
        var stdout = ""
        var stderr = ""
        var waiters: [Waiter] = []
        var exitStatus: Int32?
    }

    private struct Waiter {
        var id: UUID
        var matches: @Sendable (State) -> String?
        var continuation: CheckedContinuation<String, Never>
    }

    /// Holds the state, so the pipes' handlers can capture it (a `Mutex` cannot be captured by itself).
    private final class Box: Sendable {
        let state = Mutex(State())
    }

    private let process: ChildProcess
    private let box = Box()

    /// The arguments it was started with.
    let arguments: [String]

    /// Starts `glwatch arguments…` (or another built executable, such as `glwatch-dev`) with exactly
    /// `environment` (plus `PATH`).
    init(
        _ arguments: [String],
        environment: [String: String] = [:],
        directory: String? = nil,
        executable: String = "glwatch"
    ) throws {
        self.arguments = arguments
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        env.merge(environment) { _, new in new }
        let box = self.box
        process = try ChildProcess(
            try Self.executable(executable),
            arguments: arguments,
            environment: env,
            directory: directory.map { URL(fileURLWithPath: $0) },
            standardOutput: .stream { Self.append($0, toStdout: true, in: box) },
            standardError: .stream { Self.append($0, toStdout: false, in: box) },
            onExit: { termination in Self.update(box) { $0.exitStatus = termination.status } }
        )
    }

    /// Everything written to standard output so far.
    var stdout: String { box.state.withLock { $0.stdout } }
    /// Everything written to standard error so far.
    var stderr: String { box.state.withLock { $0.stderr } }
    /// The process id.
    var pid: Int32 { process.pid }
    /// Whether it still runs.
    var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGTERM, SIGHUP…).
    func send(_ signal: Int32) {
        process.send(signal)
    }

    /// Waits until a complete line of `stream` contains `text`; returns the line.
    @discardableResult
    func waitForLine(
        containing text: String,
        in stream: Stream = .stdout,
        after skipped: Int = 0,
        timeout: Duration = .seconds(60)
    ) async throws -> String {
        try await wait(timeout: timeout, what: "a line containing \"\(text)\" on \(stream)") { state in
            let output = stream == .stdout ? state.stdout : state.stderr
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // complete lines
            return lines.filter { $0.contains(text) }.dropFirst(skipped).first.map(String.init)
        }
    }

    /// Waits for the process to exit; returns its status.
    func waitForExit(timeout: Duration = .seconds(60)) async throws -> Int32 {
        let status = try await wait(timeout: timeout, what: "the process to exit") { state in
            state.exitStatus.map(String.init)
        }
        return Int32(status)!
    }

    /// Kills the process if it still runs (test clean-up).
    func terminate() {
        process.send(SIGKILL)
    }

    deinit {
        terminate()
    }

    private func wait(
        timeout: Duration,
        what: String,
        matches: @escaping @Sendable (State) -> String?
    ) async throws -> String {
        let id = UUID()
        let result = await withTaskGroup(of: String?.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    let found = self.box.state.withLock { state -> String? in
                        if let found = matches(state) { return found }
                        state.waiters.append(Waiter(id: id, matches: matches, continuation: continuation))
                        return nil
                    }
                    if let found { continuation.resume(returning: found) }
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)  // a bound on a hang, not a timing assumption
                return nil
            }
            let first = await group.next() ?? nil
            if first == nil {
                // Timed out: release the waiter so the group can finish.
                let waiter = self.box.state.withLock { state -> Waiter? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index)
                }
                waiter?.continuation.resume(returning: "")
            }
            group.cancelAll()
            return first
        }
        guard let result else {
            throw ProcessTimeout(
                description: "timed out waiting for \(what) from glwatch \(arguments.joined(separator: " "))\n"
                    + "--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
            )
        }
        return result
    }

    private static func append(_ data: Data, toStdout: Bool, in box: Box) {
        guard !data.isEmpty else { return }
        let text = String(decoding: data, as: UTF8.self)
        update(box) { state in
            if toStdout { state.stdout += text } else { state.stderr += text }
        }
    }

    private static func update(_ box: Box, _ change: (inout State) -> Void) {
        let ready = box.state.withLock { state -> [(CheckedContinuation<String, Never>, String)] in
            change(&state)
            var ready: [(CheckedContinuation<String, Never>, String)] = []
            var waiting: [Waiter] = []
            for waiter in state.waiters {
                if let found = waiter.matches(state) {
                    ready.append((waiter.continuation, found))
                } else {
                    waiting.append(waiter)
                }
            }
            state.waiters = waiting
            return ready
        }
        for (continuation, value) in ready { continuation.resume(returning: value) }
    }

    /// The executable `name` built beside the test bundle.
    static func executable(_ name: String = "glwatch") throws -> URL {
        let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = bundle.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw ProcessTimeout(description: "no \(name) executable near \(bundle.path); run `swift build` first")
    }
}

/// A wait on the child process that ran out of time (or could not start); says what was awaited and shows the
/// process's output.
struct ProcessTimeout: Error, CustomStringConvertible {
    var description: String
}
