import Foundation
import Watcher

/// The table `glwatch-dev bench feed` prints, and its verdict against issue 14's targets.
enum FeedBenchReport {
    /// The column titles.
    static let header = """
        fleet     mode                 req/cycle  KiB/cycle  busy p50/p99 s   idle p50/p99 s   pushes  lost
        """

    /// One run's line.
    static func row(_ r: FeedBenchWorkload.Result, cycles: Int) -> String {
        let fleet = r.fleet.rawValue + (r.shuffle > 0 ? "+shuf" : "")
        return [
            pad(fleet, 9), pad(r.mode.rawValue, 20),
            pad(f(requests(r, cycles)), 10, right: true), pad(f(Double(r.bytes) / Double(cycles) / 1024), 10, right: true),
            pad(latency(r.busy), 16, right: true), pad(latency(r.idle), 16, right: true),
            pad(String(r.pushes), 7, right: true), pad(String(r.unresolved), 5, right: true),
        ].joined(separator: " ")
    }

    /// Each target of the issue, met or not.
    static func verdict(_ results: [FeedBenchWorkload.Result], cycles: Int, interval: TimeInterval) -> String {
        var lines = ["", "targets (issue 14):"]
        for fleet in FeedBenchWorkload.Fleet.allCases {
            guard let feed = results.first(where: { $0.mode == .feed && $0.fleet == fleet && $0.shuffle == 0 }),
                let naive = results.first(where: { $0.mode == .naive && $0.fleet == fleet })
            else { continue }
            let ratio = requests(feed, cycles) / max(requests(naive, cycles), 0.001)
            lines.append("  \(fleet.rawValue): requests \(f(ratio, 3)) × naive (≤ 0.05: \(mark(ratio <= 0.05)))")
            for (name, values) in [("busy", feed.busy), ("idle", feed.idle)] where !values.isEmpty {
                let p50 = LatencySamples.percentile(0.5, of: values) ?? .infinity
                let p99 = LatencySamples.percentile(0.99, of: values) ?? .infinity
                lines.append(
                    "  \(fleet.rawValue): \(name) p50 \(f(p50, 2)) s (≤ \(f(interval, 0)): \(mark(p50 <= interval))), "
                        + "p99 \(f(p99, 2)) s (≤ \(f(2 * interval, 0)): \(mark(p99 <= 2 * interval)))"
                )
            }
        }
        for shuffled in results where shuffled.shuffle > 0 {
            lines.append(
                "  shuffled visibility (≤ \(f(shuffled.shuffle, 0)) s): \(shuffled.unresolved) of \(shuffled.pushes) "
                    + "pushes lost (\(mark(shuffled.unresolved == 0)))"
            )
        }
        return lines.joined(separator: "\n")
    }

    private static func requests(_ r: FeedBenchWorkload.Result, _ cycles: Int) -> Double {
        Double(r.requests) / Double(cycles)
    }

    private static func latency(_ values: [TimeInterval]) -> String {
        guard let p50 = LatencySamples.percentile(0.5, of: values), let p99 = LatencySamples.percentile(0.99, of: values)
        else { return "–" }
        return "\(f(p50, 2))/\(f(p99, 2))"
    }

    private static func mark(_ met: Bool) -> String { met ? "met" : "NOT met" }

    private static func f(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
