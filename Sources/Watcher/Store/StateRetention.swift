import Foundation

/// Housekeeping: keeps the store bounded without blocking the watcher.
protocol StateRetention: Sendable {
    /// Deletes delivered events older than the policy's age and reported commits beyond its bound, in short
    /// transactions of at most `policy.batchSize` rows each, so other writes interleave.
    func prune(_ policy: RetentionPolicy, now: Date) async throws -> PruneResult
}
