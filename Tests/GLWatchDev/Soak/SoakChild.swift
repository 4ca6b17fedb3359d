import ChildProcess
import Foundation
import Synchronization
import Watcher

#if canImport(Glibc)
import Glibc
#endif

/// One `glwatch` child process of the soak, its standard error appended to a log file.
final class SoakChild {
    private let process: ChildProcess

    /// The process ids of the children started and not yet seen to end (the watchdog kills them should it fire).
    static var running: [Int32] { registry.withLock { Array($0) } }
    private static let registry = Mutex<Set<Int32>>([])

    /// Starts `executable arguments…` with exactly `environment`, appending its standard error to `log`.
    init(executable: URL, arguments: [String], environment: [String: String], log: FileHandle) throws {
        process = try ChildProcess(
            executable, arguments: arguments, environment: environment, standardOutput: .null, standardError: .file(log)
        )
        let pid = process.pid
        Self.registry.withLock { _ = $0.insert(pid) }
    }

    /// The process id.
    var pid: Int32 { process.pid }

    /// Whether it still runs.
    var isRunning: Bool { process.isRunning }

    /// Its peak resident set size so far (`VmHWM`), in bytes; 0 once it has exited.
    var peakResidentBytes: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1024
    }

    /// Sends `signal`.
    func send(_ signal: Int32) {
        process.send(signal)
    }

    /// Waits for the exit; returns whether it was killed by a signal, and the status or signal.
    func waitForExit() async -> (signaled: Bool, status: Int32) {
        let end = await process.exit()
        Self.forget(pid)
        return (end.signalled, end.status)
    }

    /// Waits at most `limit` for the exit, then kills it (SIGKILL) and waits for that; `overdue` says whether it had
    /// to be killed.
    func waitForExit(within limit: Duration) async -> (signaled: Bool, status: Int32, overdue: Bool) {
        let overdue = Atomic<Bool>(false)
        let process = self.process
        let killer = Task {
            try await Task.sleep(for: limit)
            overdue.store(true, ordering: .sequentiallyConsistent)
            process.send(SIGKILL)
        }
        let end = await process.exit()
        killer.cancel()
        Self.forget(pid)
        return (end.signalled, end.status, overdue.load(ordering: .sequentiallyConsistent))
    }

    private static func forget(_ pid: Int32) {
        _ = registry.withLock { $0.remove(pid) }
    }
}
