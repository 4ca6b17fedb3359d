import Foundation

/// What a `watcher.lagging` event carries: glwatch's own health, routed like any other event.
public struct WatcherLagging: Sendable, Hashable, Codable {
    /// When the target last completed a poll, if ever.
    public var lastPollAt: Date?
    /// The target's poll interval, in seconds.
    public var intervalSeconds: Double
    /// How many intervals passed without a completed poll.
    public var missedIntervals: Int

    /// Creates the details of a `watcher.lagging` event.
    public init(lastPollAt: Date?, intervalSeconds: Double, missedIntervals: Int) {
        self.lastPollAt = lastPollAt?.roundedToMilliseconds
        self.intervalSeconds = intervalSeconds
        self.missedIntervals = missedIntervals
    }

    enum CodingKeys: String, CodingKey {
        case lastPollAt = "last_poll_at"
        case intervalSeconds = "interval_seconds"
        case missedIntervals = "missed_intervals"
    }
}
