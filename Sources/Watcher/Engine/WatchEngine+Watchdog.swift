import Foundation
import Notifier
import RxCore

extension WatchEngine {
    /// Starts the lag watchdog: every `watchdogInterval` (or the shortest base interval, if shorter) it stores a
    /// `watcher.lagging` event for each project that has not completed a poll for `laggingAfterIntervals` of
    /// its intervals — once per stretch (the event id derives from the last completed poll, so a restart does
    /// not repeat it either).
    func startWatchdog() -> any Disposable {
        scheduler.scheduleRecursive((), dueTime: .timeInterval(watchdogPeriod)) { [weak self] _, recurse in
            guard let self else { return }
            self.checkLag()
            recurse.schedule((), dueTime: .timeInterval(self.watchdogPeriod))
        }
    }

    /// The watchdog's period for the current targets (a reload may shorten it).
    var watchdogPeriod: TimeInterval {
        let shortest = registry.withLock { $0.entries.map(\.target.cadence.base).min() }
        return min(configuration.watchdogInterval, shortest ?? configuration.watchdogInterval)
    }

    /// Looks for lagging projects now.
    func checkLag() {
        let now = scheduler.now
        let pipelines = registry.withLock { Array($0.pipelines.values) }
        for pipeline in pipelines {
            guard let lag = pipeline.lag(threshold: configuration.laggingAfterIntervals, now: now) else { continue }
            let path = pipeline.path
            logger.warning(
                "project is lagging",
                metadata: ["project": "\(path)", "key": "\(pipeline.key)", "missedIntervals": "\(lag.missedIntervals)"]
            )
            let event = WatchEvent.watcherLagging(
                project: ProjectRef(instance: pipeline.key.instance, id: pipeline.key.id, path: path),
                lastPollAt: lag.lastPollAt,
                intervalSeconds: lag.interval,
                missedIntervals: lag.missedIntervals,
                at: now
            )
            _ = Single<Void>.create { [self] in
                await self.store(event, project: pipeline.key, at: now)
                self.subject.onNext(.lagging(project: pipeline.key, path: path, missedIntervals: lag.missedIntervals))
            }
            .subscribe { _ in }
        }
    }

    /// Routes and stores one engine-made event (like `watcher.lagging`).
    func store(_ event: WatchEvent, project: ProjectKey, at time: Date) async {
        do {
            let decision = try await router.route(event, changedPaths: nil)
            let planned = PlannedEvent(event: try event.outboxEvent(), deliveries: decision.deliveries)
            let result = try await store.apply(StateChange(at: time, events: [planned]))
            if result.queuedDeliveries > 0 {
                subject.onNext(
                    .stored(
                        project: project,
                        events: result.insertedEventIDs.count,
                        deliveries: result.queuedDeliveries
                    )
                )
            }
        } catch {
            logger.error("could not store an event", metadata: ["type": "\(event.type)", "error": "\(error)"])
        }
    }
}
