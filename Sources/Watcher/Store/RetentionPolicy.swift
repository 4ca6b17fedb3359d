import Foundation

/// How much history `StateRetention.prune(_:now:)` keeps.
struct RetentionPolicy: Sendable, Hashable {
    /// Events whose deliveries have all been delivered (or that had none) are deleted once older than this.
    ///
    /// Events with a waiting or dead delivery are kept however old. Keep it longer than any outage you might
    /// restart glwatch after: an event is only de-duplicated while it is stored.
    var deliveredEventMaxAge: TimeInterval
    /// Reported-commit records kept per project (the newest); enough to recognise a re-delivered range, such as
    /// a long-lived branch merged into a watched one.
    var reportedCommitsPerProject: Int
    /// Rows deleted per transaction: each batch holds the write lock only briefly, so the watcher is never
    /// blocked for long.
    var batchSize: Int

    /// Creates a policy; defaults: 30 days, 10,000 commits per project, batches of 500 rows.
    init(
        deliveredEventMaxAge: TimeInterval = 30 * 24 * 3600,
        reportedCommitsPerProject: Int = 10_000,
        batchSize: Int = 500
    ) {
        self.deliveredEventMaxAge = deliveredEventMaxAge
        self.reportedCommitsPerProject = reportedCommitsPerProject
        self.batchSize = batchSize
    }
}
