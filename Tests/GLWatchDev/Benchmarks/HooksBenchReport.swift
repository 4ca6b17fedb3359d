import Foundation

/// The table `glwatch-dev bench hooks` prints, and its verdict against issue 15's targets.
enum HooksBenchReport {
    /// The column titles.
    static let header = "mode                  pushes  hooks sent/dropped   p50 s   p90 s   p99 s    max s  lost"

    /// One run's line.
    static func row(_ r: HooksBenchWorkload.Result) -> String {
        let p = { (q: Double) in LatencySamples.percentile(q, of: r.latencies).map { f($0, 3) } ?? "–" }
        return [
            pad(r.mode.rawValue, 20), pad(String(r.pushes), 7, right: true),
            pad(r.mode == .polling ? "–" : "\(r.hooksSent)/\(r.hooksDropped)", 19, right: true),
            pad(p(0.5), 7, right: true), pad(p(0.9), 7, right: true), pad(p(0.99), 7, right: true),
            pad(r.latencies.last.map { f($0, 3) } ?? "–", 8, right: true), pad(String(r.unresolved), 5, right: true),
        ].joined(separator: " ")
    }

    /// Each target of the issue, met or not.
    static func verdict(_ results: [HooksBenchWorkload.Result]) -> String {
        var lines = ["", "targets (issue 15):"]
        if let hooks = results.first(where: { $0.mode == .hooks }) {
            let p50 = LatencySamples.percentile(0.5, of: hooks.latencies) ?? .infinity
            let p99 = LatencySamples.percentile(0.99, of: hooks.latencies) ?? .infinity
            lines.append("  hooks: push → stored p50 \(f(p50, 3)) s (≤ 0.5: \(mark(p50 <= 0.5)))")
            lines.append("  hooks: push → stored p99 \(f(p99, 3)) s (≤ 1: \(mark(p99 <= 1)))")
        }
        for result in results where result.mode != .polling {
            lines.append(
                "  \(result.mode.rawValue): \(result.unresolved) of \(result.pushes) pushes lost "
                    + "(none: \(mark(result.unresolved == 0)))"
            )
        }
        return lines.joined(separator: "\n")
    }

    private static func mark(_ met: Bool) -> String { met ? "met" : "NOT met" }

    private static func f(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
