import Foundation
import Notifier
import RxCore
import Synchronization

/// Lets a stopping watcher finish the deliveries it is sending instead of cutting them off.
///
/// `DeliveryService` stops by cancellation, which abandons a send in flight unrecorded (it is sent again at the
/// next start: at-least-once). To stop without that duplicate, the runtime hands the service a queue and sinks
/// wrapped by the drain. `drain(within:)` then closes the queue (it hands out nothing more, so no new send
/// starts), waits until every send already started has been answered and recorded — a worker that recorded its
/// attempt asks the queue again — and returns; the runtime cancels the service after that, or when the deadline
/// passes, whichever comes first: what is still in flight then is handed back to the queue for the next start.
final class DeliveryDrain: Sendable {
    private struct State {
        var draining = false
        var abandoned = false
        /// Sinks with a send started and no queue request since (their attempt is not recorded yet).
        var busy: [String: Int] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Creates an open drain.
    init() {}

    /// `queue`, closed while draining.
    func queue(_ queue: any DeliveryQueue) -> any DeliveryQueue {
        DrainingQueue(base: queue, drain: self)
    }

    /// `sink`, counted while it sends.
    func sink(_ sink: any Sink) -> any Sink {
        DrainingSink(base: sink, drain: self)
    }

    /// Whether the drain has started.
    var isDraining: Bool { state.withLock { $0.draining } }

    /// Closes the queue and waits until no send is in flight, or until `deadline` (on `scheduler`) passes.
    ///
    /// - returns: `true` when every send in flight finished and was recorded before the deadline.
    @discardableResult
    func drain(within deadline: RxTimeInterval, scheduler: any SchedulerType) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.waitUntilIdle()
                return !self.state.withLock { $0.abandoned }
            }
            group.addTask {
                _ = try? await Single<Int>.timer(deadline, scheduler: scheduler).value
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            self.releaseWaiters()
            return first
        }
    }

    /// Stops waiting for the sends in flight (a second SIGTERM/SIGINT): a running `drain` returns `false` at
    /// once, and a later one does not wait.
    func abandon() {
        state.withLock { $0.abandoned = true }
        releaseWaiters()
    }

    private func waitUntilIdle() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let idle = state.withLock { state -> Bool in
                    state.draining = true
                    if state.busy.isEmpty || state.abandoned { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if idle { continuation.resume() }
            }
        } onCancel: {
            self.releaseWaiters()
        }
    }

    private func releaseWaiters() {
        let waiters = state.withLock { state in
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    fileprivate func sendStarted(_ sink: String) {
        state.withLock { $0.busy[sink, default: 0] += 1 }
    }

    /// A worker asks its queue again (its earlier sends are recorded); returns whether the queue is closed.
    fileprivate func workerAsks(_ sink: String) -> Bool {
        let (draining, released) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            state.busy[sink] = nil
            guard state.draining, state.busy.isEmpty else { return (state.draining, []) }
            defer { state.waiters = [] }
            return (true, state.waiters)
        }
        for waiter in released { waiter.resume() }
        return draining
    }
}

/// The queue the delivery service sees: empty while draining.
private struct DrainingQueue: DeliveryQueue {
    let base: any DeliveryQueue
    let drain: DeliveryDrain

    func nextDue(sink: String, now: Date, limit: Int) async throws -> [QueuedDelivery] {
        if drain.workerAsks(sink) { return [] }
        return try await base.nextDue(sink: sink, now: now, limit: limit)
    }

    /// Records the attempt, unless the service is being cancelled after the drain: a send cut off by the
    /// shutdown failed because of glwatch, not the sink, so it is handed back (left waiting, no attempt counted).
    func record(_ attempt: DeliveryAttempt, forDelivery id: Int64) async throws {
        if Task.isCancelled, drain.isDraining { return }
        try await base.record(attempt, forDelivery: id)
    }

    func nextDueDate(sink: String) async throws -> Date? {
        if drain.workerAsks(sink) { return nil }
        return try await base.nextDueDate(sink: sink)
    }
}

/// A sink that tells the drain when it starts sending.
private struct DrainingSink: Sink {
    let base: any Sink
    let drain: DeliveryDrain

    var name: String { base.name }

    func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        try base.makeMessage(for: batch, at: time)
    }

    func send(_ message: SinkMessage) async -> SendResult {
        drain.sendStarted(base.name)
        return await base.send(message)
    }
}
