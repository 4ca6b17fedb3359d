/// What one `StateRetention.prune(_:now:)` run deleted.
struct PruneResult: Sendable, Hashable {
    /// Events deleted (with their deliveries and attempt history).
    var events: Int = 0
    /// Reported-commit records deleted.
    var reportedCommits: Int = 0
    /// Write transactions used (each holding the write lock for one batch).
    var transactions: Int = 0

    /// Runs `deleteBatch` (one write transaction deleting at most `batchSize` rows, returning how many it deleted)
    /// until a batch comes up short, yielding between batches; counts each transaction and returns the rows deleted.
    mutating func deleteInBatches(of batchSize: Int, _ deleteBatch: () async throws -> Int) async throws -> Int {
        var total = 0
        while true {
            let deleted = try await deleteBatch()
            transactions += 1
            total += deleted
            if deleted < batchSize { return total }
            await Task.yield()
        }
    }
}
