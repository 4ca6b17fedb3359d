import RxCore

@testable import Watcher

/// Subscribes to an engine's activity at once and lets a test await the first activity matching a condition
/// (no sleeping: it waits on the stream itself). One consumer at a time.
final class ActivityProbe: Sendable {
    private let stream: AsyncStream<EngineActivity>
    private let subscription: any Disposable
    let seen = Recorded<EngineActivity>()

    init(_ engine: WatchEngine) {
        let (stream, continuation) = AsyncStream<EngineActivity>.makeStream()
        self.stream = stream
        let seen = seen
        subscription = engine.activity.subscribe(onNext: { activity in
            seen.append(activity)
            continuation.yield(activity)
        })
    }

    deinit { subscription.dispose() }

    /// The next activity (from the stream's position) matching `condition`.
    func next(where condition: (EngineActivity) -> Bool) async -> EngineActivity? {
        for await activity in stream where condition(activity) {
            return activity
        }
        return nil
    }

    /// The next finished poll of `key`.
    func nextPoll(of key: ProjectKey) async -> PollReport? {
        let activity = await next {
            if case .polled(let report) = $0 { return report.project == key }
            return false
        }
        guard case .polled(let report) = activity else { return nil }
        return report
    }

    /// The next discovery report.
    func nextDiscovery() async -> DiscoveryReport? {
        guard case .discovered(let report) = await next(where: { if case .discovered = $0 { true } else { false } })
        else { return nil }
        return report
    }
}
