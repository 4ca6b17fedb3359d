import Foundation
import Logging
import RxCore

/// Runs every sink's worker until cancelled: each sink delivers what is due, then sleeps until its next
/// delivery is due, the watcher says new deliveries were queued (`wake()`), or the service is cancelled.
///
/// Sinks never wait for each other: one sink being down (open breaker, backoff) does not delay another.
/// Cancelling `run()` (graceful shutdown) abandons in-flight sends unrecorded: they stay pending in the queue
/// and are sent again at the next start (at-least-once).
public final class DeliveryService: Sendable {
    private let workers: [SinkWorker]
    private let sleepers: [String: SchedulerSleeper]
    private let scheduler: any SchedulerType
    private let onPass: @Sendable (DeliveryPass) -> Void

    /// Creates the service.
    ///
    /// - parameter sinks: The configured sinks.
    /// - parameter queue: The store's delivery queue.
    /// - parameter templates: Templates rules may name.
    /// - parameter policies: Per-sink policies by name; a sink without one gets `defaultPolicy`.
    /// - parameter scheduler: The clock and timer (the live one in production, a `TestScheduler` in tests).
    /// - parameter onPass: Called after each pass of a sink, once its worker is asleep (for status and tests).
    public init(
        sinks: [any Sink],
        queue: any DeliveryQueue,
        templates: [String: MessageTemplate] = [:],
        policies: [String: DeliveryPolicy] = [:],
        defaultPolicy: DeliveryPolicy = DeliveryPolicy(),
        scheduler: any SchedulerType,
        random: any RandomSource = SystemRandomSource(),
        logger: Logger = Logger(label: "glwatch.delivery"),
        onPass: @escaping @Sendable (DeliveryPass) -> Void = { _ in }
    ) {
        self.workers = sinks.map { sink in
            SinkWorker(
                sink: sink,
                queue: queue,
                templates: templates,
                policy: policies[sink.name] ?? defaultPolicy,
                scheduler: scheduler,
                random: random,
                logger: logger
            )
        }
        self.sleepers = Dictionary(
            sinks.map { ($0.name, SchedulerSleeper(scheduler: scheduler)) },
            uniquingKeysWith: { first, _ in first }
        )
        self.scheduler = scheduler
        self.onPass = onPass
    }

    /// Delivers until the calling task is cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            for worker in workers {
                group.addTask { await self.loop(worker) }
            }
        }
    }

    /// Tells every sink that new deliveries were queued, so they look now rather than at their next timer.
    public func wake() {
        for sleeper in sleepers.values { sleeper.wake() }
    }

    /// Each sink's circuit breaker now, by sink name, read without waiting for the workers (for status pages).
    public func breakerStates() -> [String: CircuitBreaker.State] {
        Dictionary(workers.map { ($0.sink.name, $0.breakerSnapshot) }) { first, _ in first }
    }

    /// What each sink's worker is doing now, by sink name, read without waiting for the workers (a stop that takes
    /// long says which step it waits for).
    public func activities() -> [String: SinkActivity] {
        Dictionary(workers.map { ($0.sink.name, $0.activity) }) { first, _ in first }
    }

    /// One pass over every sink, without waiting for retries (for `glwatch once`): what was delivered, what
    /// failed, and when each sink would look again.
    public func deliverDueOnce() async -> [DeliveryPass] {
        await withTaskGroup(of: DeliveryPass.self) { group in
            for worker in workers {
                group.addTask { await worker.deliverDue() }
            }
            var passes: [DeliveryPass] = []
            for await pass in group { passes.append(pass) }
            return passes.sorted { $0.sink < $1.sink }
        }
    }

    private func loop(_ worker: SinkWorker) async {
        let sleeper = sleepers[worker.sink.name]!
        while !Task.isCancelled {
            let pass = await worker.deliverDue()
            let report = onPass
            await sleeper.sleep(until: pass.nextWake) { report(pass) }
        }
    }
}
