import Foundation
import Synchronization
import Watcher

/// Push-to-event latencies: pushes are noted per project, and the first poll that stores events for the project
/// resolves every push noted before it finished.
final class LatencySamples: Sendable {
    private let state = Mutex((pending: [ProjectKey: [Date]](), samples: [String: [TimeInterval]]()))

    /// A push to `project` at `time`.
    func pushed(_ project: ProjectKey, at time: Date) {
        state.withLock { $0.pending[project, default: []].append(time) }
    }

    /// A poll of `project` finished at `time` and stored events: resolves the pushes made before then.
    func stored(_ project: ProjectKey, at time: Date, group: String) {
        state.withLock { state in
            let pushes = state.pending[project] ?? []
            let seen = pushes.filter { $0 <= time }
            state.pending[project] = pushes.filter { $0 > time }
            state.samples[group, default: []] += seen.map { time.timeIntervalSince($0) }
        }
    }

    /// The latencies of `group`, sorted.
    func latencies(_ group: String) -> [TimeInterval] { state.withLock { ($0.samples[group] ?? []).sorted() } }

    /// Pushes not yet seen by a poll.
    var unresolved: Int { state.withLock { $0.pending.values.reduce(0) { $0 + $1.count } } }

    /// The `p`-th percentile (0…1) of sorted values (nearest rank), or `nil` when there are none.
    static func percentile(_ p: Double, of sorted: [TimeInterval]) -> TimeInterval? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
