import Foundation
import Notifier

extension WatcherMetrics {
    /// Counts what one pass of a sink's worker did: deliveries `delivered`, `retried` (failed, will be retried)
    /// and `dead` (failed for good).
    ///
    /// Pass it as `DeliveryService`'s `onPass` hook (and feed it the passes of `deliverDueOnce()`).
    func record(_ pass: DeliveryPass) {
        if pass.delivered > 0 { deliveries(pass.sink, "delivered").increment(by: pass.delivered) }
        if pass.retried > 0 { deliveries(pass.sink, "retried").increment(by: pass.retried) }
        if pass.dead > 0 { deliveries(pass.sink, "dead").increment(by: pass.dead) }
    }

    /// Sets the queue gauges from the store's counts: waiting deliveries, dead letters and the age of the oldest
    /// waiting delivery per sink, and projects per status. A sink or status seen before but absent now reads 0.
    func record(_ store: StoreMetrics, now: Date) {
        let sinks = Set(store.queueDepth.keys).union(store.deadLetters.keys)
            .union(queueDepth.knownLabelValues.map { $0[0] })
            .union(deadLetters.knownLabelValues.map { $0[0] })
        for sink in sinks {
            queueDepth(sink).record(store.queueDepth[sink] ?? 0)
            deadLetters(sink).record(store.deadLetters[sink] ?? 0)
            let age = store.oldestWaiting[sink].map { max(0, now.timeIntervalSince($0)) } ?? 0
            oldestWaiting(sink).record(age)
        }
        for status in ProjectStatus.allCases {
            projects(status.rawValue).record(store.projectsByStatus[status] ?? 0)
        }
    }
}
