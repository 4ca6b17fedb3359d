import Foundation
import Synchronization

/// The default-branch heads of projects the change feed cannot see (public projects the token's user is not a
/// member of), read in batches through GraphQL: `batchSize` projects per request instead of one request each.
///
/// A head that moved since the last batch wakes the project's pipeline (the poll then reads what changed, as
/// always); the first sight of a head only records it. A project the last batch read successfully counts as
/// covered, so it is polled directly only by the sweep. A GraphQL error (complexity, too many paths, GraphQL
/// disabled) stops the batches of that read: the projects not read fall back to their own per-project probe.
final class HeadBatch: Sendable {
    /// One project to read.
    struct Candidate: Sendable {
        var project: Int64
        var path: String
        /// Called when its head moved.
        var wake: @Sendable () -> Void
    }

    /// What one read of every batch did.
    struct Outcome: Sendable, Equatable {
        var requests = 0
        var woken = 0
        var failure: String?
    }

    /// Projects per request (at most GitLab's 50).
    let batchSize: Int
    private let state = Mutex((heads: [Int64: String](), readAt: [Int64: Date]()))

    /// Creates batches of `batchSize` projects (clamped to 1…50).
    init(batchSize: Int) {
        self.batchSize = min(GitLabGraphQLAPI.maximumPaths, max(1, batchSize))
    }

    /// Whether `project`'s head was read within `window` before `now`.
    func covers(_ project: Int64, now: Date, window: TimeInterval) -> Bool {
        state.withLock { $0.readAt[project].map { now.timeIntervalSince($0) <= window } ?? false }
    }

    /// Reads the heads of `candidates` in batches at `now`, waking those whose head moved.
    func read(
        _ candidates: [Candidate],
        now: Date,
        fetch: @Sendable ([String]) async throws(GitLabError) -> [String: GitLabBranchHead]
    ) async -> Outcome {
        var outcome = Outcome()
        var start = 0
        while start < candidates.count {
            let batch = Array(candidates[start..<min(start + batchSize, candidates.count)])
            start += batchSize
            outcome.requests += 1
            let heads: [String: GitLabBranchHead]
            do {
                heads = try await fetch(batch.map(\.path))
            } catch {
                outcome.failure = String(describing: error)
                return outcome
            }
            let moved = state.withLock { state -> [Candidate] in
                var moved: [Candidate] = []
                for candidate in batch {
                    guard let head = heads[candidate.path] else { continue }
                    state.readAt[candidate.project] = now
                    let sha = head.sha ?? ""
                    if let previous = state.heads.updateValue(sha, forKey: candidate.project), previous != sha {
                        moved.append(candidate)
                    }
                }
                return moved
            }
            for candidate in moved { candidate.wake() }
            outcome.woken += moved.count
        }
        return outcome
    }
}
