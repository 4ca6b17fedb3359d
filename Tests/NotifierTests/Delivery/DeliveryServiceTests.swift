import Foundation
import Notifier
import RxCoreTest
import Testing

@Suite struct DeliveryServiceTests {
    @Test func testRun_sleepsOnTheSchedulerUntilTheNextRetry_andWakesForNewDeliveries() async throws {
        // Given a service over one failing-then-working sink, in virtual time
        let scheduler = TestScheduler(initialClock: 0)
        let queue = InMemoryDeliveryQueue()
        let transport = FakeTransport(statuses: [503, 503])
        let sink = WebhookSink(
            name: "hook",
            endpoint: HTTPEndpoint(url: Secret("https://hooks.example.com/x")),
            transport: transport
        )
        let (passes, continuation) = AsyncStream.makeStream(of: DeliveryPass.self)
        let service = DeliveryService(
            sinks: [sink],
            queue: queue,
            defaultPolicy: DeliveryPolicy(retry: RetryPolicy(initialDelay: 5, jitter: 0)),
            scheduler: scheduler,
            random: FixedRandom(0),
            logger: quietLogger,
            onPass: { continuation.yield($0) }
        )
        let first = try await queue.enqueue(Fixtures.push([Fixtures.commit(1)], at: 0), sink: "hook")
        let running = Task { await service.run() }
        defer { running.cancel() }
        var iterator = passes.makeAsyncIterator()

        // When time passes only through the scheduler
        var pass = try #require(await iterator.next())
        #expect(pass.retried == 1 && pass.nextWake == Fixtures.date(5))
        scheduler.advanceTo(5)
        pass = try #require(await iterator.next())
        #expect(pass.retried == 1 && pass.nextWake == Fixtures.date(15))
        scheduler.advanceTo(15)
        pass = try #require(await iterator.next())
        #expect(pass.delivered == 1 && pass.nextWake == nil)

        // Then it delivered at 0, 5 and 15, and now sleeps with nothing pending …
        #expect(await queue.history(of: first).map(\.tick) == [0, 5, 15])
        // … until the watcher queues something and wakes it: no time needs to pass.
        let second = try await queue.enqueue(Fixtures.push([Fixtures.commit(2)], at: 15), sink: "hook")
        service.wake()
        pass = try #require(await iterator.next())
        #expect(pass.delivered == 1)
        #expect(await queue.history(of: second).map(\.tick) == [15])
    }

    @Test func testDeliverDueOnce_reportsEachSink() async throws {
        let scheduler = TestScheduler(initialClock: 0)
        let queue = InMemoryDeliveryQueue()
        let output = CapturedOutput()
        let sinks: [any Sink] = [
            StdoutSink(name: "console", output: output),
            WebhookSink(
                name: "hook",
                endpoint: HTTPEndpoint(url: Secret("https://x.example.com/")),
                transport: FakeTransport(statuses: [500])
            ),
        ]
        let event = Fixtures.push([Fixtures.commit(1)], at: 0)
        try await queue.enqueue(
            event,
            plans: [
                PlannedDelivery(sink: "console", rule: "r", notBefore: Fixtures.date(0)),
                PlannedDelivery(sink: "hook", rule: "r", notBefore: Fixtures.date(0)),
            ]
        )
        let service = DeliveryService(
            sinks: sinks,
            queue: queue,
            scheduler: scheduler,
            random: FixedRandom(0),
            logger: quietLogger
        )
        let passes = await service.deliverDueOnce()
        #expect(passes.map(\.sink) == ["console", "hook"])
        #expect(passes[0].delivered == 1 && !passes[0].hadFailures)
        #expect(passes[1].retried == 1 && passes[1].hadFailures)
        #expect(output.text.hasPrefix("1 new commit on main in acme/platform/api\n"))
    }

    @Test func testBreakerStates_showEachSinksBreaker_asOfItsLastChange() async throws {
        // Given a working sink and one whose breaker opens after one failure, for 30 s
        let scheduler = TestScheduler(initialClock: 0)
        let queue = InMemoryDeliveryQueue()
        let sinks: [any Sink] = [
            StdoutSink(name: "console", output: CapturedOutput()),
            WebhookSink(
                name: "hook",
                endpoint: HTTPEndpoint(url: Secret("https://x.example.com/")),
                transport: FakeTransport(statuses: [503])
            ),
        ]
        try await queue.enqueue(
            Fixtures.push([Fixtures.commit(1)], at: 0),
            plans: [
                PlannedDelivery(sink: "console", rule: "r", notBefore: Fixtures.date(0)),
                PlannedDelivery(sink: "hook", rule: "r", notBefore: Fixtures.date(0)),
            ]
        )
        let service = DeliveryService(
            sinks: sinks,
            queue: queue,
            policies: ["hook": DeliveryPolicy(breaker: .init(failureThreshold: 1, openDuration: 30))],
            scheduler: scheduler,
            random: FixedRandom(0),
            logger: quietLogger
        )
        #expect(service.breakerStates() == ["console": .closed(failures: 0), "hook": .closed(failures: 0)])

        // When one pass delivers to the first and fails at the second
        _ = await service.deliverDueOnce()

        // Then the second sink's breaker is open for 30 s, the first's closed
        #expect(service.breakerStates() == ["console": .closed(failures: 0), "hook": .open(until: Fixtures.date(30), cooldown: 30)])
    }
}
