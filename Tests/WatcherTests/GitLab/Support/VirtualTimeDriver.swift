import Foundation
import RxCore
import RxCoreTest
import Synchronization

/// Drives async code that waits on an RxCore scheduler through RxTest's `TestScheduler`, without sleeping.
///
/// It is the scheduler given to the code under test: it forwards to a `TestScheduler` (millisecond ticks) and
/// signals every time something is scheduled. `run` starts the operation and, each time the operation schedules
/// a wait, lets virtual time flow (`TestScheduler.start()`), until the operation finishes. Time only moves when
/// the code under test waits, so "the retry came 30 s later" is exact and instant.
final class VirtualTimeDriver: SchedulerType, @unchecked Sendable {  // state guarded by `signals`' mutex
    /// The virtual clock (1 tick = 1 ms).
    ///
    /// It starts at 2024-01-01T00:00:00Z so dates look real.
    let testScheduler = TestScheduler(
        initialClock: 1_704_067_200_000,
        resolution: 0.001,
        simulateProcessingDelay: false
    )
    private let signals = Mutex<AsyncStream<Void>.Continuation?>(nil)

    /// The virtual time now.
    var now: RxTime { testScheduler.now }

    /// Seconds of virtual time since the start.
    var elapsed: TimeInterval { now.timeIntervalSince(Date(timeIntervalSince1970: 1_704_067_200)) }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        defer { signal() }
        return testScheduler.schedule(state, action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        defer { signal() }
        return testScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `operation`, advancing virtual time whenever it waits, and returns its result.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        signals.withLock { $0 = continuation }
        let finished = Mutex(false)
        let task = Task {
            defer {
                finished.withLock { $0 = true }
                continuation.yield()
            }
            return try await operation()
        }
        for await _ in stream {
            if finished.withLock({ $0 }) { break }
            testScheduler.start()
        }
        signals.withLock { $0 = nil }
        continuation.finish()
        return try await task.value
    }

    private func signal() {
        _ = signals.withLock { $0?.yield() }
    }
}
