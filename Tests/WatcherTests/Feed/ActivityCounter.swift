import Foundation
import RxCore
import Synchronization

@testable import Watcher

/// Records an engine's activity and lets a test await until enough activities match a condition, counting
/// those already seen (so the order in which a test waits does not matter; no sleeping).
final class ActivityCounter: Sendable {
    private let stream: AsyncStream<Void>
    private let subscription: any Disposable
    private let recorded = Recorded()

    private final class Recorded: Sendable {
        let items = Mutex<[EngineActivity]>([])
    }

    init(_ engine: WatchEngine) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        self.stream = stream
        let recorded = recorded
        subscription = engine.activity.subscribe(onNext: { activity in
            recorded.items.withLock { $0.append(activity) }
            continuation.yield()
        })
    }

    deinit { subscription.dispose() }

    /// Everything seen so far.
    var all: [EngineActivity] { recorded.items.withLock { $0 } }

    /// The feed reads seen so far.
    var feedReads: [FeedReport] {
        all.compactMap { if case .feedRead(let report) = $0 { report } else { nil } }
    }

    /// The polls of `key` seen so far.
    func polls(of key: ProjectKey) -> [PollReport] {
        all.compactMap { if case .polled(let report) = $0, report.project == key { report } else { nil } }
    }

    /// Returns once `count` activities matching `condition` were seen.
    ///
    /// - throws: `CancellationError` when the test's task is cancelled first (its time limit passed): the test
    ///   stops there, rather than go on to read activities that never came (an index out of range would crash the
    ///   whole test run).
    func wait(for count: Int = 1, _ condition: @escaping (EngineActivity) -> Bool) async throws {
        func enough() -> Bool { all.filter(condition).count >= count }
        if enough() { return }
        for await _ in stream where enough() { return }
        try Task.checkCancellation()
        throw CancellationError()  // the engine's activity ended, which only a cancelled wait sees
    }

    /// Returns once `count` feed reads were seen.
    func waitForFeedReads(_ count: Int) async throws {
        try await wait(for: count) { if case .feedRead = $0 { true } else { false } }
    }

    /// Returns once `count` polls of `key` were seen.
    func waitForPolls(of key: ProjectKey, _ count: Int) async throws {
        try await wait(for: count) { if case .polled(let report) = $0 { report.project == key } else { false } }
    }
}
