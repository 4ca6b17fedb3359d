import Foundation
import Synchronization

/// The delivery keys of recent hooks, remembered for `window` so that a repeat (GitLab's retry or "Resend
/// request", a proxy replaying) is dropped: at most `capacity` keys, the oldest forgotten first, so a flood of
/// distinct keys cannot grow memory.
///
/// A dropped repeat costs nothing: its first delivery already woke the project.
package final class HookRepeats: Sendable {
    /// How long a key is remembered.
    let window: TimeInterval
    /// How many keys are remembered at most.
    let capacity: Int
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    private struct State {
        var seen: [String: Date] = [:]
        /// Keys in arrival order (with their arrival time), for expiry and eviction.
        var order: [(key: String, at: Date)] = []
        var head = 0
    }

    /// Creates an empty memory reading the time from `now`.
    package init(window: TimeInterval = 600, capacity: Int = 10_000, now: @escaping @Sendable () -> Date) {
        self.window = window
        self.capacity = max(1, capacity)
        self.now = now
    }

    /// Records `key`; `true` when it was already seen within the window (a repeat to drop).
    func isRepeat(_ key: String) -> Bool {
        let time = now()
        return state.withLock { state in
            expire(&state, before: time.addingTimeInterval(-window))
            if let seen = state.seen[key], time.timeIntervalSince(seen) < window { return true }
            while state.seen.count >= capacity, state.head < state.order.count {
                evict(&state)
            }
            state.seen[key] = time
            state.order.append((key, time))
            return false
        }
    }

    /// How many keys are remembered now.
    var count: Int { state.withLock { $0.seen.count } }

    private func expire(_ state: inout State, before limit: Date) {
        while state.head < state.order.count, state.order[state.head].at <= limit {
            evict(&state)
        }
        if state.head > 1024, state.head * 2 > state.order.count {
            state.order.removeFirst(state.head)
            state.head = 0
        }
    }

    private func evict(_ state: inout State) {
        let (key, at) = state.order[state.head]
        state.head += 1
        if state.seen[key] == at { state.seen[key] = nil }
    }
}
