import Foundation
import Notifier
import RxCore
import RxCoreTest

/// Jitter fixed by the test.
struct FixedRandom: RandomSource {
    var value: Double
    init(_ value: Double) { self.value = value }
    func nextUnit() -> Double { value }
}

/// A sink worker over an in-memory queue, a scripted transport and virtual time (1 tick = 1 second).
struct DeliveryHarness {
    let scheduler = TestScheduler(initialClock: 0)
    let queue = InMemoryDeliveryQueue()
    let transport: FakeTransport
    let sink: any Sink
    let worker: SinkWorker

    init(
        transport: FakeTransport,
        policy: DeliveryPolicy = DeliveryPolicy(),
        random: Double = 0,
        templates: [String: MessageTemplate] = [:]
    ) {
        let sink = WebhookSink(
            name: "hook",
            endpoint: HTTPEndpoint(url: Secret("https://hooks.example.com/x")),
            transport: transport
        )
        self.init(sink: sink, transport: transport, policy: policy, random: random, templates: templates)
    }

    /// A worker for any sink (its `transport` is what the sink was built on, if a fake).
    init(
        sink: any Sink,
        transport: FakeTransport = FakeTransport(),
        policy: DeliveryPolicy = DeliveryPolicy(),
        random: Double = 0,
        templates: [String: MessageTemplate] = [:]
    ) {
        self.transport = transport
        self.sink = sink
        self.worker = SinkWorker(
            sink: sink,
            queue: queue,
            templates: templates,
            policy: policy,
            scheduler: scheduler,
            random: FixedRandom(random),
            logger: quietLogger
        )
    }

    /// Runs passes, moving virtual time to each pass's next wake-up, until `end` or until nothing is pending.
    @discardableResult
    func run(until end: Int) async -> [DeliveryPass] {
        var passes: [DeliveryPass] = []
        while true {
            let pass = await worker.deliverDue()
            passes.append(pass)
            guard let wake = pass.nextWake else { break }
            let tick = Int(wake.timeIntervalSince1970.rounded(.up))
            guard tick <= end else { break }
            scheduler.advanceTo(max(tick, scheduler.clock))
        }
        return passes
    }

    /// The virtual times (seconds) of the requests made so far, paired with their `webhook-id`.
    var requests: [(id: String, body: Data)] {
        transport.requests.map { request in
            (request.headers.first { $0.name == "webhook-id" }?.value ?? "", request.body)
        }
    }
}

extension DeliveryAttempt {
    /// The attempt's time in whole seconds since 1970 (virtual ticks).
    var tick: Int { Int(at.timeIntervalSince1970.rounded()) }
}
