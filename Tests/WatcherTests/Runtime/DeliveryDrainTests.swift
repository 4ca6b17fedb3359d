import Foundation
import Notifier
import RxCore
import Synchronization
import Testing

@testable import Watcher

@Suite("DeliveryDrain")
struct DeliveryDrainTests {
    @Test func testOpenDrain_passesQueueCallsThrough() async throws {
        let base = RecordingQueue()
        let drain = DeliveryDrain()

        _ = try await drain.queue(base).nextDue(sink: "chat", now: Date(timeIntervalSince1970: 0), limit: 10)

        #expect(base.calls == ["nextDue chat"])
    }

    @Test(.timeLimit(.minutes(5)))
    func testDrain_waitsForTheSendInFlightToBeRecorded_thenClosesTheQueue() async throws {
        // Given a send in flight
        let base = RecordingQueue()
        let drain = DeliveryDrain()
        let queue = drain.queue(base)
        let gate = GateSink()
        let sink = drain.sink(gate)
        let send = Task { await sink.send(SinkMessage(id: "m", sink: "chat", destination: .output, body: Data())) }
        await gate.started()

        // When the drain starts, and the send then finishes and its worker asks the queue again
        let drained = Task {
            await drain.drain(within: .seconds(3600), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
        }
        gate.release()
        _ = await send.value
        while !drain.isDraining { await Task.yield() }  // the drain has closed the queue
        let handedOut = try await queue.nextDue(sink: "chat", now: Date(timeIntervalSince1970: 0), limit: 10)

        // Then the drain completes in time, and the closed queue handed out nothing (the store was not asked)
        #expect(await drained.value)
        #expect(handedOut.isEmpty)
        #expect(base.calls.isEmpty)
        #expect(try await queue.nextDueDate(sink: "chat") == nil)
    }

    @Test(.timeLimit(.minutes(5)))
    func testDrain_sendThatNeverFinishes_isHandedBackAtTheDeadline() async throws {
        let drain = DeliveryDrain()
        let gate = GateSink()
        let sink = drain.sink(gate)
        let send = Task { await sink.send(SinkMessage(id: "m", sink: "chat", destination: .output, body: Data())) }
        await gate.started()

        let finished = await drain.drain(
            within: .milliseconds(1),
            scheduler: ConcurrentDispatchQueueScheduler(qos: .default)
        )

        #expect(!finished)
        gate.release()
        _ = await send.value
    }

    @Test(.timeLimit(.minutes(5)))
    func testAbandon_whileDraining_returnsAtOnceAsNotFinished() async throws {
        let drain = DeliveryDrain()
        let gate = GateSink()
        let sink = drain.sink(gate)
        let send = Task { await sink.send(SinkMessage(id: "m", sink: "chat", destination: .output, body: Data())) }
        await gate.started()
        let drained = Task {
            await drain.drain(within: .seconds(3600), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
        }
        while !drain.isDraining { await Task.yield() }

        drain.abandon()

        #expect(await drained.value == false)
        gate.release()
        _ = await send.value
    }

    /// The runtime abandons on a second SIGTERM even before its drain has begun (it is still stopping the
    /// polls); that drain must then not wait either, or a quick second Ctrl-C would be lost.
    @Test(.timeLimit(.minutes(5)))
    func testAbandon_beforeTheDrainBegins_drainReturnsAtOnceAsNotFinished() async throws {
        let drain = DeliveryDrain()
        let gate = GateSink()
        let sink = drain.sink(gate)
        let send = Task { await sink.send(SinkMessage(id: "m", sink: "chat", destination: .output, body: Data())) }
        await gate.started()

        drain.abandon()
        let finished = await drain.drain(within: .seconds(3600), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))

        #expect(!finished)
        gate.release()
        _ = await send.value
    }

    @Test func testRecord_cancelledAfterTheDrain_handsTheDeliveryBackUnrecorded() async throws {
        let base = RecordingQueue()
        let drain = DeliveryDrain()
        let queue = drain.queue(base)
        _ = await drain.drain(within: .seconds(3600), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
        let attempt = DeliveryAttempt(
            at: Date(timeIntervalSince1970: 0),
            outcome: .retry(at: Date(timeIntervalSince1970: 1))
        )

        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await queue.record(attempt, forDelivery: 7)
        }
        try await cancelled.value
        try await queue.record(attempt, forDelivery: 8)  // not cancelled: an answer that came in is recorded

        #expect(base.calls == ["record 8"])
    }

    @Test func testDrain_nothingInFlight_completesAtOnce() async {
        let drain = DeliveryDrain()
        #expect(await drain.drain(within: .seconds(3600), scheduler: ConcurrentDispatchQueueScheduler(qos: .default)))
    }
}

/// A stop never waits for ever on a delivery that does not end when cancelled (`WatcherRuntime.stopDelivery`).
@Suite("Task.ends(within:): a bounded wait for the delivery service")
struct DeliveryStopTests {
    @Test(.timeLimit(.minutes(1)))
    func testEnds_aTaskThatDoesNotEnd_isLeftAfterTheLimit_oneThatEnds_isWaitedFor() async throws {
        // Given a task that ignores cancellation and never ends, and one that ends
        let gate = GateSink()
        let stuck = Task { _ = await gate.send(SinkMessage(id: "m", sink: "chat", destination: .output, body: Data())) }
        stuck.cancel()
        let quick = Task<Void, Never> {}

        // When each is waited for
        let stuckEnded = await stuck.ends(within: .milliseconds(300))
        let quickEnded = await quick.ends(within: .seconds(30))

        // Then the stuck one is given up after the limit (the wait returned, saying so), and the quick one is
        // reported as ended
        #expect(!stuckEnded && quickEnded)
        gate.release()
        await stuck.value
    }
}

/// A delivery queue that records what it is asked and has nothing due.
private final class RecordingQueue: DeliveryQueue {
    private let log = Mutex<[String]>([])

    var calls: [String] { log.withLock { $0 } }

    func nextDue(sink: String, now: Date, limit: Int) async throws -> [QueuedDelivery] {
        log.withLock { $0.append("nextDue \(sink)") }
        return []
    }

    func record(_ attempt: DeliveryAttempt, forDelivery id: Int64) async throws {
        log.withLock { $0.append("record \(id)") }
    }

    func nextDueDate(sink: String) async throws -> Date? {
        log.withLock { $0.append("nextDueDate \(sink)") }
        return nil
    }
}

/// A sink whose `send` waits until released, and says when a send has started.
private final class GateSink: Sink {
    private struct State {
        var started = false
        var startWaiter: CheckedContinuation<Void, Never>?
        var released = false
        var sender: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    var name: String { "chat" }

    func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        SinkMessage(id: "m", sink: name, destination: .output, body: Data())
    }

    func send(_ message: SinkMessage) async -> SendResult {
        let waiter = state.withLock { state in
            state.started = true
            defer { state.startWaiter = nil }
            return state.startWaiter
        }
        waiter?.resume()
        await withCheckedContinuation { continuation in
            let go = state.withLock { state in
                if state.released { return true }
                state.sender = continuation
                return false
            }
            if go { continuation.resume() }
        }
        return .delivered(httpStatus: 200)
    }

    /// Returns once a send has started.
    func started() async {
        await withCheckedContinuation { continuation in
            let already = state.withLock { state in
                if state.started { return true }
                state.startWaiter = continuation
                return false
            }
            if already { continuation.resume() }
        }
    }

    /// Lets the send finish.
    func release() {
        let sender = state.withLock { state in
            state.released = true
            defer { state.sender = nil }
            return state.sender
        }
        sender?.resume()
    }
}
