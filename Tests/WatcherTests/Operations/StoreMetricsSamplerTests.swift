import Foundation
import Logging
import MetricsTestKit
import Notifier
import RxCoreTest
import Testing

@testable import Watcher

@Suite("StoreMetricsSampler", .timeLimit(.minutes(5)))
struct StoreMetricsSamplerTests {
    @Test("samples the real store at once and then every interval")
    func testStart_samplesEveryInterval() async throws {
        // Given a store with three deliveries queued for `ops`, one of them dead
        let directory = TemporaryDirectory()
        let store = try SQLiteStateStore(StoreConfiguration(path: directory.file("state.sqlite")))
        _ = try await store.apply(Sample.change(events: [Sample.event("a1"), Sample.event("a2")]))
        let first = try #require(try await store.nextDue(sink: "ops", now: Sample.time(30), limit: 1).first)
        try await store.record(DeliveryAttempt(at: Sample.time(31), outcome: .dead), forDelivery: first.id)

        let recorder = TestMetrics()
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (samples, sampled) = AsyncStream<Void>.makeStream()
        let sampler = StoreMetricsSampler(
            queries: store,
            metrics: WatcherMetrics(factory: recorder),
            scheduler: scheduler,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            onSampled: { sampled.yield() }
        )
        var iterator = samples.makeAsyncIterator()
        let subscription = sampler.start(every: 15)
        defer { subscription.dispose() }

        // When the clock starts, one sample is taken
        scheduler.advanceTo(0)
        await iterator.next()
        #expect(try recorder.expectGauge("glwatch_delivery_queue_depth", [("sink", "ops")]).lastValue == 1)
        #expect(try recorder.expectGauge("glwatch_delivery_dead_letters", [("sink", "ops")]).lastValue == 1)

        // Then each interval takes another, seeing the store as it is now
        _ = try await store.apply(Sample.change(events: [Sample.event("a3")], at: 40))
        scheduler.advanceTo(15)
        await iterator.next()
        #expect(try recorder.expectGauge("glwatch_delivery_queue_depth", [("sink", "ops")]).values == [1, 2])
        scheduler.advanceTo(29)
        scheduler.advanceTo(30)
        await iterator.next()
        #expect(try recorder.expectGauge("glwatch_delivery_queue_depth", [("sink", "ops")]).values.count == 3)
    }
}
