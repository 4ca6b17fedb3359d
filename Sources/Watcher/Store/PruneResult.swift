/// What one `StateRetention.prune(_:now:)` run deleted.
struct PruneResult: Sendable, Hashable {
    /// Events deleted (with their deliveries and attempt history).
    var events: Int = 0
    /// Reported-commit records deleted.
    var reportedCommits: Int = 0
    /// Write transactions used (each holding the write lock for one batch).
    var transactions: Int = 0
}
