import Foundation
import RxCore

extension WatchEngine {
    /// One discovery pass of a target: list its projects, reconcile the pipelines, record dropped projects.
    /// Returns `nil` when the target no longer exists.
    ///
    /// - Parameter time: when the pass was due (the engine's clock when its loop fired); now by default.
    func discover(_ id: Int, at time: Date? = nil) async -> DiscoveryReport? {
        guard let target = registry.withLock({ $0.entry(id)?.target }) else { return nil }
        var report = DiscoveryReport(
            scope: target.scope.description,
            instance: target.instance,
            startedAt: time ?? scheduler.now,
            added: [],
            removed: [],
            renamed: []
        )
        if let client = clients[target.instance] {
            do {
                let discovery = ProjectDiscovery(client: client)
                let scope = target.scope
                // Through the host's lane: discovery shares the host cap and rate-limit pause with the polls.
                let projects: [GitLabProject]
                if let lane = lanes[client.laneName] {
                    projects = try await lane.perform { try await discovery.projects(in: scope) }
                } else {
                    projects = try await discovery.projects(in: scope)
                }
                let exists = registry.withLock { registry in
                    registry.update(id) {
                        $0.discovered = projects
                        $0.failures = 0
                    }
                }
                guard exists else { return nil }
                let change = reconcile()
                // Only from now on are projects that appear new (reconciling the first pass saw none as new).
                _ = registry.withLock { registry in
                    registry.update(id) { $0.firstDiscoveryAt = $0.firstDiscoveryAt ?? report.startedAt }
                }
                apply(change, running: registry.withLock { $0.isRunning })
                await depart(change.removed, pipelines: change.stopped, scope: target.scope.departureName)
                await sweepStoreOnce()
                report.added = change.added.map(\.key)
                report.removed = change.removed.map(\.key)
                report.renamed = change.renamed.map(\.key)
            } catch {
                _ = registry.withLock { registry in registry.update(id) { $0.failures += 1 } }
                report.failure = String(describing: error)
            }
        } else {
            report.failure = "no GitLab instance named \"\(target.instance)\" is configured"
        }
        if let failure = report.failure {
            logger.error("discovery failed", metadata: ["target": "\(target.scope)", "error": "\(failure)"])
        } else if !report.added.isEmpty || !report.removed.isEmpty || !report.renamed.isEmpty {
            logger.info(
                "discovery",
                metadata: [
                    "target": "\(target.scope)", "added": "\(report.added.count)",
                    "removed": "\(report.removed.count)", "renamed": "\(report.renamed.count)",
                ]
            )
        }
        subject.onNext(.discovered(report))
        return report
    }

    /// Runs a target's discovery now and then on its own cadence (`discoveryInterval` with ±10 % jitter; after a
    /// failure sooner, backing off from 30 s up to the interval) until the target is removed or the engine stops.
    func startDiscovery(_ id: Int) {
        let loop = SerialDisposable()
        let inFlight = SerialDisposable()
        let registered = registry.withLock { registry in
            registry.update(id) { $0.discovery = Disposables.create(loop, inFlight) }
        }
        guard registered else { return }
        loop.disposable = scheduler.scheduleRecursive((), dueTime: .timeInterval(0)) { [weak self] _, recurse in
            guard let self else { return }
            let due = self.scheduler.now
            inFlight.disposable = Single<DiscoveryReport?>.create { await self.discover(id, at: due) }
                .subscribe { [weak self] result in
                    guard let self, case .success(let report?) = result else { return }
                    recurse.schedule(
                        (),
                        dueTime: .timeInterval(self.discoveryDelay(id: id, failed: report.failure != nil))
                    )
                }
        }
    }

    /// The wait before a target's next discovery pass.
    func discoveryDelay(id: Int, failed: Bool) -> TimeInterval {
        let interval = configuration.discoveryInterval
        guard failed else { return interval * (1 + 0.1 * (2 * random() - 1)) }
        let failures = registry.withLock { $0.entry(id)?.failures ?? 1 }
        return min(interval, 30 * pow(2, Double(max(0, failures - 1))))
    }

    /// Once every target has discovered its projects: marks `removed` the stored projects (of the configured
    /// instances) that no target covers any more — dropped from the configuration while glwatch was stopped —
    /// so `glwatch status` does not show them as watched.
    func sweepStoreOnce() async {
        let due = registry.withLock { registry -> Bool in
            guard registry.allDiscovered, !registry.hasSweptStore else { return false }
            registry.hasSweptStore = true
            return true
        }
        guard due else { return }
        do {
            let watched = Set(registry.withLock { $0.pipelines.keys })
            let stale = try await store.projects().filter { record in
                clients[record.key.instance] != nil && !watched.contains(record.key)
                    && (record.status == .active || record.status == .unreachable)
            }
            await recordRemoved(stale.map { ($0.key, .removed) })
        } catch {
            logger.error("could not read the stored projects", metadata: ["error": "\(error)"])
        }
    }
}
