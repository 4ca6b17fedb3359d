import Foundation
import Synchronization

/// Collects the times of polls that found nothing new and writes them in one batched transaction
/// (`StateStore.recordIdlePolls(_:)`), instead of one disk-synced transaction per idle poll.
///
/// With synchronous=FULL every transaction costs an fsync (~4 ms, see BENCHMARKS.md), and most polls of a large
/// watch list are idle: 1,000 idle projects once a minute were 1,000 fsyncs a minute, now one per flush. What an
/// idle poll would have written is only `lastPollAt`/`lastSuccessAt`; a poll that changes anything (heads,
/// events, status, failure count, error) still writes at once in its own transaction. The engine flushes every
/// `EngineConfiguration.idlePollFlushInterval`, at the end of `pollAllOnce()` and when it stops, so a crash loses
/// at most that interval of poll times (the lag watchdog works from memory and is not affected).
final class IdlePollLedger: Sendable {
    private let store: any StateStore
    private let pending = Mutex<[ProjectKey: Date]>([:])

    /// Creates an empty ledger writing to `store`.
    init(store: any StateStore) {
        self.store = store
    }

    /// Notes an idle poll of `project` at `time` (the latest time per project wins).
    func note(_ project: ProjectKey, at time: Date) {
        pending.withLock { pending in
            pending[project] = max(pending[project] ?? time, time)
        }
    }

    /// When `project`'s last idle poll not yet written ran, if any.
    func pendingPoll(of project: ProjectKey) -> Date? {
        pending.withLock { $0[project] }
    }

    /// Idle polls noted and not yet written.
    var pendingCount: Int { pending.withLock { $0.count } }

    /// Writes every noted idle poll in one transaction. On failure they are kept for the next flush and the
    /// error is rethrown.
    func flush() async throws {
        let taken = pending.withLock { pending in
            defer { pending = [:] }
            return pending
        }
        guard !taken.isEmpty else { return }
        let polls = taken.map { IdlePoll(project: $0.key, at: $0.value) }.sorted { $0.project < $1.project }
        do {
            try await store.recordIdlePolls(polls)
        } catch {
            for poll in polls { note(poll.project, at: poll.at) }
            throw error
        }
    }
}
