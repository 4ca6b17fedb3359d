import Foundation
import RxCore
import RxCoreTest
import Synchronization

@testable import Watcher

/// A poll in virtual time: records when each run started and ended, how many ran at once, and finishes each run
/// after `duration` ticks with the next scripted outcome (`nil` duration: never finishes).
final class VirtualPoll: @unchecked Sendable {
    // @unchecked: touched only from the TestScheduler's (single) thread.
    let scheduler: TestScheduler
    var duration: Int?
    var script: [PollOutcome]
    private(set) var starts: [Int] = []
    private(set) var ends: [Int] = []
    private(set) var disposals: [Int] = []
    private let concurrency: Concurrency

    /// Counts runs in flight across several polls (one per host in the lane tests).
    final class Concurrency: @unchecked Sendable {
        var running = 0
        var peak = 0
    }

    init(
        _ scheduler: TestScheduler,
        duration: Int?,
        script: [PollOutcome] = [],
        concurrency: Concurrency = Concurrency()
    ) {
        self.scheduler = scheduler
        self.duration = duration
        self.script = script
        self.concurrency = concurrency
    }

    /// One run, as a `Single` of its outcome.
    func single() -> Single<PollOutcome> {
        Single.create { observer in
            self.starts.append(self.scheduler.clock)
            self.concurrency.running += 1
            self.concurrency.peak = max(self.concurrency.peak, self.concurrency.running)
            let outcome = self.script.isEmpty ? .unchanged : self.script.removeFirst()
            var finished = false
            let work = self.duration.map { duration in
                self.scheduler.scheduleRelative((), dueTime: .seconds(duration)) { _ in
                    finished = true
                    self.concurrency.running -= 1
                    self.ends.append(self.scheduler.clock)
                    observer(.success(outcome))
                    return Disposables.create()
                }
            }
            return Disposables.create {
                guard !finished else { return }
                self.concurrency.running -= 1
                self.disposals.append(self.scheduler.clock)
                work?.dispose()
            }
        }
    }

    /// One run as a pipeline's poll.
    func result() -> Single<PollResult> {
        single().map { PollResult(outcome: $0) }
    }
}

/// Values collected from callbacks on any thread.
final class Recorded<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    init() {}

    func append(_ value: Value) { values.withLock { $0.append(value) } }

    var all: [Value] { values.withLock { $0 } }
}
