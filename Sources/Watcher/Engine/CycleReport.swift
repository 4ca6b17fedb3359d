/// What `WatchEngine.pollAllOnce()` did: one discovery pass and one poll of every project (`glwatch once`).
struct CycleReport: Sendable, Equatable {
    /// Every poll, ordered by project.
    var polls: [PollReport]
    /// Every discovery pass.
    var discoveries: [DiscoveryReport]

    /// Projects polled.
    var polled: Int { polls.count }
    /// Polls that found a change.
    var changed: Int { polls.filter { $0.outcome == .changed }.count }
    /// Polls that failed or were rate-limited.
    var failed: Int {
        polls.filter {
            switch $0.outcome {
            case .failed, .rateLimited: true
            case .changed, .unchanged: false
            }
        }.count
    }
    /// Events stored by every poll.
    var eventsStored: Int { polls.reduce(0) { $0 + $1.eventsStored } }
    /// Discovery passes that failed.
    var discoveryFailures: Int { discoveries.filter { $0.failure != nil }.count }

    /// Whether everything succeeded (for `glwatch once`'s exit code).
    var isSuccess: Bool { failed == 0 && discoveryFailures == 0 }
}
