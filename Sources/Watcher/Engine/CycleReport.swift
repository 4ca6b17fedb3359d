/// What `WatchEngine.pollAllOnce()` did: one discovery pass and one poll of every project (`glwatch once`).
package struct CycleReport: Sendable, Equatable {
    /// Every poll, ordered by project.
    package var polls: [PollReport]
    /// Every discovery pass.
    package var discoveries: [DiscoveryReport]

    /// Projects polled.
    package var polled: Int { polls.count }
    /// Polls that found a change.
    package var changed: Int { polls.filter { $0.outcome == .changed }.count }
    /// Polls that failed, were rate-limited, or still waited for late push events.
    package var failed: Int {
        polls.filter {
            switch $0.outcome {
            case .failed, .rateLimited, .deferred: true
            case .changed, .unchanged: false
            }
        }.count
    }
    /// Events stored by every poll.
    package var eventsStored: Int { polls.reduce(0) { $0 + $1.eventsStored } }
    /// Discovery passes that failed.
    package var discoveryFailures: Int { discoveries.filter { $0.failure != nil }.count }

    /// Whether everything succeeded (for `glwatch once`'s exit code).
    package var isSuccess: Bool { failed == 0 && discoveryFailures == 0 }
}
