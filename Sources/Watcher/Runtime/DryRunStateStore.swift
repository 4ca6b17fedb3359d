import Foundation
import Synchronization

/// The state store of `glwatch once --dry-run`: reads come from the real state, but `apply` records the change
/// instead of committing it, so nothing stored moves forward and the same changes are found again next time.
final class DryRunStateStore: ForwardingStateStore {
    /// The real state, read from.
    let base: any StateStore
    private let recorded = Mutex<[StateChange]>([])

    /// Wraps `base` (opened read-only, or an empty in-memory store when there is no state yet).
    init(base: any StateStore) {
        self.base = base
    }

    /// Every change the engine would have written, in order.
    var changes: [StateChange] { recorded.withLock { $0 } }

    /// Records `change`; reports its events as inserted, as the real store would for new events.
    func apply(_ change: StateChange) async throws -> ApplyResult {
        recorded.withLock { $0.append(change) }
        return ApplyResult(
            insertedEventIDs: change.events.map(\.event.id),
            queuedDeliveries: change.events.reduce(0) { $0 + $1.deliveries.count }
        )
    }

    /// Does nothing: a dry run moves nothing stored forward, poll times included.
    func recordIdlePolls(_ polls: [IdlePoll]) async throws {}

    func beginWatching(_ starts: [WatchStart]) async throws -> [WatchStart] { starts }

    func recordHooks(_ hooks: [IdlePoll]) async throws {}
}
