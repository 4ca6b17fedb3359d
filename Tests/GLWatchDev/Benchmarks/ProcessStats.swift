import Foundation
import Watcher

/// What the benchmarks read about their own process: CPU time and resident memory.
enum ProcessStats {
    /// CPU time of every thread of the process so far.
    static func cpuTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Resident memory now (`VmRSS`) and at its peak (`VmHWM`), in bytes, from `/proc/self/status`; `nil` where
    /// that file does not exist (not Linux).
    static func residentMemory() -> (current: Int, peak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func kilobytes(_ field: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
            return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
        }
        guard let current = kilobytes("VmRSS"), let peak = kilobytes("VmHWM") else { return nil }
        return (current * 1024, peak * 1024)
    }

    /// Seconds in a duration.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
