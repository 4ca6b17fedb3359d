import Foundation
import Logging
import Notifier
import RxCore
import Synchronization

extension WatchEngine {
    /// The poller of one project (see `makePipeline` in `Pipeline.swift`), writing to `store`.
    func makePoller(
        key: ProjectKey, target: WatchTarget, client: GitLabClient, store: any StateStore, isNewProject: Bool,
        watchStart: Date?
    ) -> ProjectPoller {
        let scheduler = scheduler
        let source = GitLabProjectSource(client: client)
        var confirmOutage: (@Sendable (GitLabError) async -> Bool)?
        if let monitor = monitors[key.instance] { confirmOutage = { error in await monitor.confirm(error) } }
        return ProjectPoller(
            key: key,
            options: target.options,
            source: source,
            store: store,
            router: router,
            changedPaths: GitLabChangedPaths(source: source, project: key.id),
            idlePolls: idlePolls,
            watchStart: watchStart ?? scheduler.now,
            isNewProject: isNewProject,
            confirmInstanceOutage: confirmOutage,
            sweepInterval: configuration.feed?.sweepInterval ?? configuration.sweepInterval,
            eventLateness: configuration.eventLateness,
            sleep: { seconds in await SchedulerSleeper(scheduler: scheduler).sleep(for: .seconds(seconds)) },
            now: { scheduler.now }
        )
    }

    /// Logs one finished poll (a warning when it failed) and publishes it as `EngineActivity.polled`.
    static func publish(_ report: PollReport, logger: Logger, to subject: PublishSubject<EngineActivity>) {
        if let failure = report.failure {
            logger.warning(
                "poll failed",
                metadata: ["project": "\(report.path)", "key": "\(report.project)", "error": "\(failure)"]
            )
        } else {
            logger.debug(
                "polled",
                metadata: [
                    "project": "\(report.path)", "outcome": "\(report.outcome)", "events": "\(report.eventsStored)",
                ]
            )
        }
        subject.onNext(.polled(report))
    }

    /// Matches the targets' discovered projects against the running pipelines: creates the missing ones, drops
    /// the ones no target covers any more (the first target listing a project owns it), notes renames.
    ///
    /// When replicas share the work (`leases`), only the projects whose lease this replica holds have a pipeline:
    /// one whose lease moved (or was claimed again under a new fence) is stopped without counting as removed,
    /// and is re-created under its new fence.
    ///
    /// - Parameter time: when the discovery pass that listed the projects began: the watch of a project it adds
    ///   starts then, not once the (possibly slow, retried) listing is done, so a push made meanwhile is
    ///   announced. Now by default.
    func reconcile(at time: Date? = nil) -> EngineReconciliation {
        let since = time ?? scheduler.now
        return registry.withLock { registry in
            var change = EngineReconciliation()
            var desired:
                [ProjectKey: (owner: Int, target: WatchTarget, path: String, defaultBranch: String?, isNew: Bool)] = [:]
            var archived = Set<ProjectKey>()
            for entry in registry.entries {
                if let discovered = entry.discovered {
                    for project in discovered {
                        let key = ProjectKey(instance: entry.target.instance, id: project.id)
                        guard entry.target.scope.includesArchived || project.archived != true else {
                            archived.insert(key)
                            continue
                        }
                        if desired[key] == nil {
                            // Created after the target's first discovery: new, so everything in it is announced.
                            var isNew = false
                            if let created = project.createdAt, let first = entry.firstDiscoveryAt {
                                isNew = created > first
                            }
                            desired[key] = (
                                entry.id, entry.target, project.pathWithNamespace, project.defaultBranch, isNew
                            )
                        }
                    }
                } else {
                    // Not discovered yet (or its first pass failed): it keeps whatever it already owns.
                    for (key, owner) in registry.owners where owner == entry.id && desired[key] == nil {
                        let pipeline = registry.pipelines[key]
                        desired[key] = (entry.id, entry.target, pipeline?.path ?? "", pipeline?.defaultBranch, false)
                    }
                }
            }
            let leases = self.leases
            // Among replicas, a covered project another replica polled has no pipeline here: it departs all the same.
            if leases != nil {
                for key in registry.covered.subtracting(desired.keys) where registry.pipelines[key] == nil {
                    change.removed.append((key, archived.contains(key) ? .archived : .removed))
                }
            }
            let newlyCovered = Set(desired.keys).subtracting(registry.covered)
            registry.covered = Set(desired.keys)
            let fences = desired.keys.reduce(into: [ProjectKey: ProjectFence]()) { fences, key in
                fences[key] = leases?.fence(for: key)
            }
            func held(_ key: ProjectKey) -> Bool { leases == nil || fences[key] != nil }
            // Among replicas, a project first covered here that another replica (or none yet) holds is watched from
            // `since` all the same: its start is recorded now (the first record stays), so whichever replica claims
            // it later baselines from this discovery pass, not from its claim.
            if leases != nil {
                for key in newlyCovered.sorted() where !held(key) {
                    change.starts.append(.project(key, since: since, isNew: desired[key]?.isNew ?? false))
                }
            }
            for (key, pipeline) in registry.pipelines {
                if let wanted = desired[key], registry.owners[key] == wanted.owner, held(key),
                    registry.fences[key] == fences[key]
                {
                    if pipeline.path != wanted.path {
                        pipeline.path = wanted.path
                        change.renamed.append(pipeline)
                    } else if pipeline.defaultBranch != wanted.defaultBranch {
                        change.refreshed.append(pipeline)
                    }
                    pipeline.defaultBranch = wanted.defaultBranch
                    continue
                }
                registry.pipelines[key] = nil
                registry.owners[key] = nil
                registry.fences[key] = nil
                change.stopped.append(pipeline)
                if desired[key] == nil {
                    change.removed.append((key, archived.contains(key) ? .archived : .removed))
                }
            }
            for (key, wanted) in desired.sorted(by: { $0.key < $1.key })
            where registry.pipelines[key] == nil && held(key) {
                guard let client = clients[wanted.target.instance] else { continue }
                let pipeline = makePipeline(
                    key: key, path: wanted.path, target: wanted.target, client: client, isNewProject: wanted.isNew,
                    watchStart: since, fence: fences[key]
                )
                pipeline.defaultBranch = wanted.defaultBranch
                registry.pipelines[key] = pipeline
                registry.owners[key] = wanted.owner
                registry.fences[key] = fences[key]
                change.added.append(pipeline)
                change.starts.append(.project(key, since: since, isNew: wanted.isNew))
            }
            change.removed.sort { $0.key < $1.key }
            change.added.sort { $0.key < $1.key }
            change.renamed.sort { $0.key < $1.key }
            return change
        }
    }

    /// Stops dropped pipelines, starts new ones (when running), and has renamed projects (and those with a new
    /// default branch) re-read their record on their next poll (which stores `project.renamed`).
    func apply(_ change: EngineReconciliation, running: Bool) {
        for pipeline in change.stopped { pipeline.stop() }
        for pipeline in change.renamed + change.refreshed { pipeline.refreshProjectInfo() }
        if running {
            for pipeline in change.added { pipeline.start(random: random) }
        }
    }

    /// Records that projects are no longer watched (`archived` or `removed`), keeping their heads so that
    /// watching them again later reports what happened meanwhile.
    func recordRemoved(_ removed: [(key: ProjectKey, status: ProjectStatus)]) async {
        let now = scheduler.now
        for (key, status) in removed {
            do {
                guard var record = try await store.projectState(key)?.record, record.status != status else { continue }
                record.status = status
                _ = try await store.apply(StateChange(at: now, projects: [record]))
            } catch {
                logger.error(
                    "could not record that a project is no longer watched",
                    metadata: ["key": "\(key)", "error": "\(error)"]
                )
            }
        }
    }
}

/// Counts what a pipeline's polls stored; a pipeline polls one poll at a time, so reset/take bracket one poll.
final class ApplyCounter: Sendable {
    private let counts = Mutex((events: 0, deliveries: 0))

    /// Adds one `apply`'s result.
    func add(_ result: ApplyResult) {
        counts.withLock {
            $0.events += result.insertedEventIDs.count
            $0.deliveries += result.queuedDeliveries
        }
    }

    /// Forgets the counts.
    func reset() {
        counts.withLock { $0 = (0, 0) }
    }

    /// The counts since the last reset.
    func take() -> (events: Int, deliveries: Int) {
        counts.withLock { $0 }
    }
}
