import Foundation
import Notifier
import RxCoreTest
import Testing

/// A worker says what it is doing, so that a stop that takes long can say which step it waits for.
@Suite struct SinkActivityTests {
    @Test(.timeLimit(.minutes(1)))
    func testWorker_whileASendWaits_isSendingThatMessage_andIdleOnceThePassIsOver() async throws {
        // Given one delivery queued for a sink whose send waits until released
        let scheduler = TestScheduler(initialClock: 0)
        let queue = InMemoryDeliveryQueue()
        let event = Fixtures.push([Fixtures.commit(1, in: Fixtures.project("acme/api", id: 1))], at: 1)
        try await queue.enqueue(event, sink: "held", notBefore: Fixtures.date(0))
        let sink = HeldSink()
        let worker = SinkWorker(sink: sink, queue: queue, scheduler: scheduler, logger: quietLogger)
        #expect(worker.activity.phase == .idle)

        // When a pass starts and its send is under way
        let pass = Task { await worker.deliverDue() }
        var sent = sink.sent.makeAsyncIterator()
        await sent.next()

        // Then the worker is sending that message, and says so
        let sending = worker.activity
        #expect(sending.phase == .sending && sending.message == "msg-1")
        #expect(sending.describe(now: sending.since.addingTimeInterval(25)) == "sending message msg-1 for 25 s")

        // And once the send is answered and the pass is over, it is idle again
        sink.release()
        #expect(await pass.value.delivered == 1)
        #expect(worker.activity.phase == .idle)
    }

    @Test func testDescribe_namesThePhaseTheMessageShortenedAndTheTime() {
        let since = Date(timeIntervalSince1970: 1_000)
        let id = String(repeating: "3f9c", count: 16)
        #expect(
            SinkActivity(phase: .recording, since: since, message: id).describe(now: since.addingTimeInterval(3.4))
                == "recording the answer to message 3f9c3f9c3f9c for 3 s"
        )
        #expect(SinkActivity(phase: .reading, since: since).describe(now: since) == "reading the queue for 0 s")
    }
}

/// A sink whose send waits until `release()`, and tells `sent` when one started.
private final class HeldSink: Sink {
    let sent: AsyncStream<Void>
    private let sentContinuation: AsyncStream<Void>.Continuation
    private let released: AsyncStream<Void>
    private let releasedContinuation: AsyncStream<Void>.Continuation

    init() {
        (sent, sentContinuation) = AsyncStream.makeStream(of: Void.self)
        (released, releasedContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    var name: String { "held" }

    func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        SinkMessage(id: "msg-1", sink: name, destination: .output, body: Data())
    }

    func send(_ message: SinkMessage) async -> SendResult {
        sentContinuation.yield()
        for await _ in released { break }
        return .delivered(httpStatus: 200)
    }

    func release() { releasedContinuation.yield() }
}
