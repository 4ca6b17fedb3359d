import Synchronization

@testable import Watcher

/// A `HookTarget` that records the hints it is given and answers a set outcome.
final class RecordingHookTarget: HookTarget {
    let outcome: HookOutcome
    private let recorded = Mutex<[(HookHint, String)]>([])

    init(answering outcome: HookOutcome = .polled) {
        self.outcome = outcome
    }

    /// The hints received, in order.
    var hints: [HookHint] { recorded.withLock { $0.map(\.0) } }
    /// The instances they were received for, in order.
    var instances: [String] { recorded.withLock { $0.map(\.1) } }

    func hint(_ hint: HookHint, instance: String) -> HookOutcome {
        recorded.withLock { $0.append((hint, instance)) }
        return outcome
    }
}
