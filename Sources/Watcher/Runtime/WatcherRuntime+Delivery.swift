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
            defer { running.delivery = nil }  // no more wake-ups; the drain stays reachable for a second signal
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
        await task.value
        current.withLock { running in
            running.drain = nil
            running.task = nil
        }
    }
}
