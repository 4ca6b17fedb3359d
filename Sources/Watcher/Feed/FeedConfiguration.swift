import Foundation

/// The change feed's settings (`engine.feed`, `engine.sweep_interval`, `engine.feed_overlap` in the config).
///
/// With a feed, a project the token's user can read (Reporter or above) is polled when a push event names it,
/// and otherwise only by the slow sweep; every other project keeps its target's adaptive cadence.
package struct FeedConfiguration: Sendable, Equatable {
    /// The instances (engine client names) whose feed is read: those with a token.
    package var instances: Set<String>
    /// How often each project the feed covers is still polled directly, hint or not: a hint that never comes
    /// costs latency, never an event.
    package var sweepInterval: TimeInterval
    /// How far back each read re-reads, so that events GitLab makes visible late are not skipped.
    package var overlap: TimeInterval
    /// How often the feed is read; `nil`: the shortest `interval` of the instance's targets.
    package var interval: TimeInterval?
    /// The most feed pages one read follows.
    package var maximumPages: Int
    /// Projects per GraphQL request when reading the default-branch heads of projects the feed cannot see
    /// (GitLab accepts at most 50; its complexity limit of 250 fits about 20); 0 probes each on its own.
    package var graphQLBatchSize: Int

    /// Creates feed settings; every value but the instances has a default.
    package init(
        instances: Set<String>,
        sweepInterval: TimeInterval = 600,
        overlap: TimeInterval = 10,
        interval: TimeInterval? = nil,
        maximumPages: Int = 20,
        graphQLBatchSize: Int = 20
    ) {
        self.instances = instances
        self.sweepInterval = max(1, sweepInterval)
        self.overlap = max(0, overlap)
        self.interval = interval.map { max(0.001, $0) }
        self.maximumPages = max(1, maximumPages)
        self.graphQLBatchSize = min(GitLabGraphQLAPI.maximumPaths, max(0, graphQLBatchSize))
    }
}
