import Foundation
import Metrics
import RxCore
import Synchronization

/// Instant mode's metrics: every webhook request by what became of it, and how long a hint waited for its poll.
///
/// - `glwatch_hooks_received_total`: requests to the hook path.
/// - `glwatch_hooks_accepted_total{outcome="polled|filtered|forwarded|unwatched|discovery|unknown_event|duplicate"}`.
/// - `glwatch_hooks_rejected_total{reason="token|too_large|malformed"}`.
/// - `glwatch_hook_poll_delay_seconds`: from the first hook that woke a project to the start of its poll (several
///   hooks before that poll count once: they were coalesced).
/// - `glwatch_last_hook_timestamp_seconds{project="instance/id"}`: when a watched project last had a hook.
final class HookMetrics: Sendable {
    /// The exported metric names.
    enum Name {
        static let received = "glwatch_hooks_received_total"
        static let accepted = "glwatch_hooks_accepted_total"
        static let rejected = "glwatch_hooks_rejected_total"
        static let pollDelay = "glwatch_hook_poll_delay_seconds"
        static let lastHook = "glwatch_last_hook_timestamp_seconds"
    }

    let received: Counter
    let accepted: LabeledMetrics<Counter>
    let rejected: LabeledMetrics<Counter>
    let pollDelay: Metrics.Timer
    let lastHook: LabeledMetrics<Gauge>
    /// The projects woken by a hook whose poll has not started yet, with the time of the first such hook.
    private let waking = Mutex<[ProjectKey: Date]>([:])

    /// Creates the metrics on `factory`.
    init(factory: any MetricsFactory) {
        received = Counter(label: Name.received, factory: factory)
        accepted = .counters(Name.accepted, labels: ["outcome"], factory: factory)
        rejected = .counters(Name.rejected, labels: ["reason"], factory: factory)
        pollDelay = Metrics.Timer(label: Name.pollDelay, factory: factory)
        lastHook = .gauges(Name.lastHook, labels: ["project"], factory: factory)
    }

    /// Records one request's verdict, received at `time` from `instance`.
    func record(_ verdict: HookVerdict, instance: String, at time: Date) {
        received.increment()
        switch verdict.outcome {
        case .rejected(let reason):
            rejected(reason.rawValue).increment()
            return
        case .accepted(let outcome):
            accepted(outcome.rawValue).increment()
            guard let hint = verdict.hint, outcome == .polled || outcome == .filtered else { return }
            let key = ProjectKey(instance: instance, id: hint.project)
            lastHook(key.description).record(time.timeIntervalSince1970)
            if outcome == .polled { waking.withLock { if $0[key] == nil { $0[key] = time } } }
        case .unknownEvent, .duplicate:
            accepted(verdict.label).increment()
        }
    }

    /// Follows the engine's polls (`recordPoll(_:)`) until disposed.
    func follow(_ engine: WatchEngine) -> any Disposable {
        engine.activity.subscribe(onNext: { [self] activity in
            if case .polled(let report) = activity { recordPoll(report) }
        })
    }

    /// The first poll of a project woken by a hook that started after the hook records the hint-to-poll delay.
    func recordPoll(_ report: PollReport) {
        // A poll that started before the hook (in flight when it came) does not answer it: the next one does.
        let woken = waking.withLock { waking -> Date? in
            guard let woken = waking[report.project], woken <= report.startedAt else { return nil }
            waking[report.project] = nil
            return woken
        }
        guard let woken else { return }
        pollDelay.record(seconds: report.startedAt.timeIntervalSince(woken))
    }
}
