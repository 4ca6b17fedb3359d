import Foundation
import Notifier

/// The delivery side of the running watcher: one `DeliveryService` over the state store's queue with the
/// configured sinks, replaced on reload, drained within `engine.shutdown_grace` on stop.
extension WatcherRuntime {
    /// Starts a delivery service for `notifier`'s sinks, rules and templates.
    func startDelivery(_ notifier: NotifierConfiguration) {
        let drain = DeliveryDrain()
        let service = DeliveryService(
            sinks: makeSinks(notifier).map(drain.sink),
            queue: drain.queue(queue),
            templates: notifier.templates,
            policies: notifier.policies,
            scheduler: scheduler,
            logger: logger,
            onPass: { [operations] pass in operations?.metrics.record(pass) }
        )
        let task = Task { await service.run() }
        current.withLock { running in
            running.delivery = service
            running.drain = drain
            running.task = task
        }
    }

    /// Stops waiting for deliveries in flight during shutdown (a second SIGTERM/SIGINT): they are handed back to
    /// the queue at once. Called only after a first stop signal, it also takes effect when the drain has not
    /// begun yet (the polls are still being stopped), so a quick second Ctrl-C is never lost.
    func abandonDeliveriesInFlight() {
        guard let drain = current.withLock({ $0.drain }) else { return }
        logger.notice("stopping now: deliveries in flight are handed back and sent at the next start")
        drain.abandon()
    }

    /// Tells the delivery side to look at its queue now (deliveries were queued, or a dead one re-queued).
    func wakeDelivery() {
        current.withLock { $0.delivery }?.wake()
    }

    /// Each sink's circuit breaker in the delivery service in force (none while it is stopped or being replaced).
    func breakerStates() -> [String: CircuitBreaker.State] {
        current.withLock { $0.delivery }?.breakerStates() ?? [:]
    }

    /// Lets sends in flight finish within the shutdown grace, then stops the delivery service.
    func stopDelivery() async {
        let (drain, task, grace) = current.withLock { running in
            // No more wake-ups; the drain stays reachable for a second signal, the service for what it is doing.
            defer {
                running.stopping = running.delivery
                running.delivery = nil
            }
            return (running.drain, running.task, running.config.engine.shutdownGrace)
        }
        guard let drain, let task else { return }
        let finished = await drain.drain(
            within: .milliseconds(Int((grace * 1000).rounded())),
            scheduler: scheduler
        )
        if !finished {
            logger.warning(
                "deliveries still in flight were handed back; they are sent at the next start",
                metadata: ["grace": "\(DurationParser.format(grace))"]
            )
        }
        task.cancel()
        // Bounded: a send or a queue write that does not end on cancellation must not keep glwatch from stopping
        // (a supervisor would SIGKILL it, which loses nothing but says nothing either). What it was doing is said,
        // and its delivery is sent again at the next start (or by another replica once its claim expires).
        if await !task.ends(within: Self.cancelledDeliveryPatience) {
            logger.warning(
                "a delivery did not end when cancelled; stopping without it (it is sent again at the next start)",
                metadata: ["sinks": "\(deliveryActivity() ?? "none busy")"]
            )
        }
        current.withLock { running in
            running.drain = nil
            running.task = nil
            running.stopping = nil
        }
    }

    /// How long a cancelled delivery service may take to end before the stop goes on without it.
    static let cancelledDeliveryPatience = Duration.seconds(5)

    /// What the busy sinks are doing, as of now ("audit: sending message 3f9c2a1b0d4e for 25 s"); `nil` when every
    /// sink is idle or no delivery service runs. For the warnings of a stop that takes long.
    func deliveryActivity() -> String? {
        guard let service = current.withLock({ $0.delivery ?? $0.stopping }) else { return nil }
        let now = scheduler.now
        let busy = service.activities().filter { $0.value.phase != .idle }.sorted { $0.key < $1.key }
        guard !busy.isEmpty else { return nil }
        return busy.map { "\($0.key): \($0.value.describe(now: now))" }.joined(separator: "; ")
    }
}
