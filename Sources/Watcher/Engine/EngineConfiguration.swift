import Foundation

/// How the watch engine shares GitLab among its pipelines: the per-host cap, discovery and the lag watchdog.
///
/// Per-target settings (branches, cadence) live in `WatchTarget`; these are the engine-wide ones, each with a
/// default that suits gitlab.com.
package struct EngineConfiguration: Sendable, Equatable {
    /// Polls running at once against one host, shared by every target on it (GitLab answers requests of one
    /// user in parallel, but a burst of hundreds only earns a 429).
    var maxConcurrentPollsPerHost: Int
    /// How often group and membership targets list their projects again (new, renamed, archived, deleted).
    var discoveryInterval: TimeInterval
    /// A project is reported `watcher.lagging` when it has not completed a poll for this many of its intervals.
    var laggingAfterIntervals: Int
    /// How often the lag watchdog looks; it never looks less often than the shortest base interval.
    var watchdogInterval: TimeInterval
    /// The longest one poll may run (waiting for a free slot on its host not included) before it is cancelled
    /// and counted as failed, so a hung project never holds a host slot for good.
    var pollTimeout: TimeInterval
    /// How long a host is paused when GitLab rate-limits it without saying for how long.
    var defaultRateLimitPause: TimeInterval
    /// How often the times of polls that found nothing new are written, all in one transaction
    /// (`IdlePollLedger`); a crash loses at most this much of `lastPollAt`/`lastSuccessAt`.
    var idlePollFlushInterval: TimeInterval
    /// The longest a project's pollers trust push events (`engine.sweep_interval`): at least this often a poll
    /// reads the branch list and the tag list directly, whatever the newest push event says. With the change
    /// feed, it is also the feed's sweep (`FeedConfiguration.sweepInterval`).
    var sweepInterval: TimeInterval
    /// How late GitLab may make a push event visible (`engine.feed_overlap`): a baseline waits this long after
    /// reading the heads before it walks them back to the watch start along the push events, and a head that
    /// moved sideways waits up to this long for the events that tell a re-created branch from a force-push.
    /// 0 (this type's default, for tests and the demo) trusts the events as first read; a configuration file
    /// gets `defaultEventLateness`.
    var eventLateness: TimeInterval
    /// The event lateness a configuration file gets when it does not set `engine.feed_overlap`.
    static let defaultEventLateness: TimeInterval = 10
    /// The change feed (`nil`: every project polled on its own adaptive cadence).
    package var feed: FeedConfiguration?

    /// Creates a configuration; every value has a default.
    package init(
        maxConcurrentPollsPerHost: Int = 4,
        discoveryInterval: TimeInterval = 600,
        laggingAfterIntervals: Int = 5,
        watchdogInterval: TimeInterval = 60,
        pollTimeout: TimeInterval = 600,
        defaultRateLimitPause: TimeInterval = 60,
        idlePollFlushInterval: TimeInterval = 60,
        sweepInterval: TimeInterval = 600,
        eventLateness: TimeInterval = 0,
        feed: FeedConfiguration? = nil
    ) {
        self.maxConcurrentPollsPerHost = max(1, maxConcurrentPollsPerHost)
        self.discoveryInterval = max(1, discoveryInterval)
        self.laggingAfterIntervals = max(1, laggingAfterIntervals)
        self.watchdogInterval = max(0.001, watchdogInterval)
        self.pollTimeout = max(0.001, pollTimeout)
        self.defaultRateLimitPause = max(0, defaultRateLimitPause)
        self.idlePollFlushInterval = max(0.001, idlePollFlushInterval)
        self.sweepInterval = max(1, feed?.sweepInterval ?? sweepInterval)
        self.eventLateness = max(0, eventLateness)
        self.feed = feed
    }
}
