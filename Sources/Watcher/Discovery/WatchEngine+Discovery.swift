import Foundation
import RxCore

extension WatchEngine {
    /// One discovery pass of a target: list its projects, reconcile the pipelines, record dropped projects.
    /// Returns `nil` when the target no longer exists.
    ///
    /// Among replicas that share what the leader reads (`ProjectLeaseFilter.sharesLeaderReads`), the leader lists the
    /// projects from GitLab and publishes the list (`publishLeaderList`); the others take the leader's list while it is
    /// fresh (`leaderList(_:named:what:)`), and list GitLab themselves otherwise.
    ///
    /// - Parameters:
    ///   - time: when the pass was due (the engine's clock when its loop fired); now by default.
    ///   - fromGitLab: list the projects from GitLab even where the leader's list would do (a system hook said a
    ///     project changed: the leader's list may not know it yet).
    func discover(_ id: Int, at time: Date? = nil, fromGitLab: Bool = false) async -> DiscoveryReport? {
        guard let target = registry.withLock({ $0.entry(id)?.target }) else { return nil }
        var report = DiscoveryReport(
            scope: target.scope.description,
            instance: target.instance,
            startedAt: time ?? scheduler.now,
            added: [],
            removed: [],
            renamed: []
        )
        // Until a pass succeeds, the watch is as of the first attempt (glwatch was watching since then).
        let since = registry.withLock { registry -> Date in
            var since = report.startedAt
            registry.update(id) { entry in
                guard entry.firstDiscoveryAt == nil else { return }
                entry.firstAttemptAt = entry.firstAttemptAt ?? report.startedAt
                since = entry.firstAttemptAt ?? since
            }
            return since
        }
        if let client = clients[target.instance] {
            do {
                var projects: [GitLabProject]
                let note = Self.listingNoteName(of: target)
                let what = "projects of \(target.scope)"
                if !fromGitLab, let listed = await leaderList([GitLabProject].self, named: note, what: what) {
                    projects = listed
                    report.followed = true
                } else {
                    let discovery = ProjectDiscovery(client: client)
                    let scope = target.scope
                    // Through the host's lane: discovery shares the host cap and rate-limit pause with the polls.
                    if let lane = lanes[client.laneName] {
                        projects = try await lane.perform { try await discovery.projects(in: scope) }
                    } else {
                        projects = try await discovery.projects(in: scope)
                    }
                    projects += await leftOut(of: projects, by: id, target: target, client: client)
                    await publishLeaderList(projects, named: note, what: what, wake: .discovered)
                }
                let firstDiscovery = await recordFirstDiscovery(of: id, target: target, at: since)
                let exists = registry.withLock { registry in
                    registry.update(id) {
                        $0.discovered = projects
                        $0.failures = 0
                        $0.firstDiscoveryAt = $0.firstDiscoveryAt ?? firstDiscovery
                    }
                }
                guard exists else { return nil }
                let change = reconcile(at: since)
                await recordWatchStarts(change.starts)
                // Only from now on are projects that appear new (reconciling the first pass saw none as new).
                _ = registry.withLock { registry in
                    registry.update(id) { $0.firstDiscoveryAt = $0.firstDiscoveryAt ?? since }
                }
                apply(change, running: registry.withLock { $0.isRunning })
                // Among replicas, the leader records departures (each replica stops its own pipelines above), and
                // sweeps the store at every pass: a project the others dropped from their lists while they followed,
                // or whose departure a leader that died left undone, is no longer in this replica's own list, so
                // only the sweep finds it (a replica may have swept once already, in an earlier lead).
                if isLeader {
                    if leases != nil { registry.withLock { $0.hasSweptStore = false } }
                    let departed = await depart(
                        change.removed, pipelines: standIns(for: change, target: target, client: client),
                        scope: target.scope.departureName
                    )
                    let swept = await sweepStoreOnce()
                    // A departure left undone (the project is no longer listed, so only the sweep finds it again)
                    // is taken up by the sweep at the next pass.
                    if !departed || !swept { registry.withLock { $0.hasSweptStore = false } }
                }
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

    /// The name of the leader's note listing `target`'s projects.
    static func listingNoteName(of target: WatchTarget) -> String {
        "discovery \(target.instance) \(target.scope.description)"
    }

    /// The projects the last listing of the target had that `listed` lacks but that GitLab still shows in the
    /// target's scope (`WatchScope.stillCovers`), or cannot tell about (a failed request): a listing cut short
    /// by a lost or shifted page must not make projects leave the watch (`project.removed` for a project that
    /// is still there). One request per missing project; a 404 or 403 confirms it is gone. A project GitLab
    /// still shows but whose place in the scope the record cannot prove (a membership target: GitLab's
    /// `permissions` are null for access through a parent or shared group) is kept once, and leaves when the next
    /// listing leaves it out too: two listings agree, as two readings of an empty page must.
    private func leftOut(
        of listed: [GitLabProject], by id: Int, target: WatchTarget, client: GitLabClient
    ) async -> [GitLabProject] {
        let listedIDs = Set(listed.map(\.id))
        let (previously, missedBefore) = registry.withLock {
            ($0.entry(id)?.discovered ?? [], $0.entry(id)?.leftOutOnce ?? [])
        }
        let missing = previously.filter { !listedIDs.contains($0.id) }
        var kept: [GitLabProject] = []
        var undecided: Set<Int64> = []
        for previous in missing {
            do {
                let project = try await client.projects.get(.id(previous.id))
                switch target.scope.stillCovers(project) {
                case true?: kept.append(project)
                case false?: continue
                case nil:
                    guard !missedBefore.contains(project.id) else { continue }
                    undecided.insert(project.id)
                    kept.append(project)
                }
            } catch .notFound, .forbidden {
                continue
            } catch {
                kept.append(previous)
            }
            logger.warning(
                "the listing left out a project still in scope; keeping it",
                metadata: ["target": "\(target.scope)", "project": "\(previous.pathWithNamespace)"]
            )
        }
        _ = registry.withLock { registry in registry.update(id) { $0.leftOutOnce = undecided } }
        return kept
    }

    /// Whether a stored project no listing had is still in the scope of one of `targets` as GitLab shows it (or
    /// GitLab could not say): a listing cut short, not a departure; the next discovery pass picks it up.
    private func isStillCovered(_ key: ProjectKey, by targets: [WatchTarget]) async -> Bool {
        guard let client = clients[key.instance] else { return false }
        do {
            let project = try await client.projects.get(.id(key.id))
            return targets.contains { $0.instance == key.instance && $0.scope.stillCovers(project) == true }
        } catch .notFound, .forbidden {
            return false
        } catch {
            return true
        }
    }

    /// The target's first discovery as recorded in the store (recorded now, at `time`, on its very first pass):
    /// a restart keeps the original moment, so a project created while glwatch was down, or before its first
    /// poll survived a kill, is still new. `nil` once known in this process, or when the store failed (the pass
    /// then counts as the first, as before).
    private func recordFirstDiscovery(of id: Int, target: WatchTarget, at time: Date) async -> Date? {
        guard registry.withLock({ $0.entry(id)?.firstDiscoveryAt }) == nil else { return nil }
        do {
            let start = WatchStart.target(instance: target.instance, scope: target.scope.description, since: time)
            return try await store.beginWatching([start]).first?.since
        } catch {
            logger.error("could not record a target's first discovery", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Records when the watch of newly added projects began, before their pipelines start: a kill before a
    /// project's first successful poll keeps its baseline as of this moment. On a store error the pollers
    /// record it themselves on their first attempt.
    func recordWatchStarts(_ starts: [WatchStart]) async {
        guard !starts.isEmpty else { return }
        do {
            _ = try await store.beginWatching(starts)
        } catch {
            logger.error("could not record when projects began to be watched", metadata: ["error": "\(error)"])
        }
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

    /// The pipelines for departing projects' last polls: the ones this replica stopped, and (when replicas share
    /// the work and another one held the project) an unfenced stand-in on the target's options.
    private func standIns(for change: EngineReconciliation, target: WatchTarget, client: GitLabClient)
        -> [ProjectPipeline]
    {
        var pipelines = change.stopped
        for (key, _) in change.removed where !pipelines.contains(where: { $0.key == key }) {
            pipelines.append(makePipeline(key: key, path: key.description, target: target, client: client))
        }
        return pipelines
    }

    /// The wait before a target's next discovery pass.
    func discoveryDelay(id: Int, failed: Bool) -> TimeInterval {
        let interval = configuration.discoveryInterval
        guard failed else { return interval * (1 + 0.1 * (2 * random() - 1)) }
        let failures = registry.withLock { $0.entry(id)?.failures ?? 1 }
        return min(interval, 30 * pow(2, Double(max(0, failures - 1))))
    }

    /// Once every target has discovered its projects: the stored projects (of the configured instances) that no
    /// target covers any more — archived, deleted or moved out while glwatch was stopped, or dropped from the
    /// configuration — leave the watch the way a project dropped by a running discovery does (`depart`): one
    /// last poll announces what was pushed before, then `project.removed` says why.
    ///
    /// It runs once per process, and again at a later pass after any departure that could not finish; among
    /// replicas, at every pass the leader makes (`discover`).
    ///
    /// - Returns: `false` when it ran and something was left undone (the store unreadable, a departure waiting).
    @discardableResult
    func sweepStoreOnce() async -> Bool {
        let due = registry.withLock { registry -> Bool in
            guard registry.allDiscovered, !registry.hasSweptStore else { return false }
            registry.hasSweptStore = true
            return true
        }
        guard due else { return true }
        do {
            // Every covered project, not only this replica's pipelines: another replica may poll the others.
            let (watched, targets) = registry.withLock { registry in
                (Set(registry.pipelines.keys).union(registry.covered), registry.entries.map(\.target))
            }
            var stale: [(key: ProjectKey, path: String)] = []
            for record in try await store.projects()
            where clients[record.key.instance] != nil && !watched.contains(record.key)
                && [.active, .unreachable, .stalled].contains(record.status)
            {
                if await isStillCovered(record.key, by: targets) { continue }
                stale.append((record.key, record.path))
            }
            // Projects whose watch began but whose baseline was never written (it waits for late push events, and
            // the process was stopped meanwhile): what was pushed since the watch start is still theirs to announce.
            for key in try await store.unbaselinedProjects()
            where clients[key.instance] != nil && !watched.contains(key) {
                if await isStillCovered(key, by: targets) { continue }
                stale.append((key, key.description))
            }
            // A stand-in pipeline for the last poll, with the options of a target on the project's instance.
            let pipelines = stale.compactMap { project -> ProjectPipeline? in
                guard let client = clients[project.key.instance],
                    let target = targets.first(where: { $0.instance == project.key.instance })
                else { return nil }
                return makePipeline(key: project.key, path: project.path, target: target, client: client)
            }
            return await depart(stale.map { ($0.key, .removed) }, pipelines: pipelines, scope: "the configured targets")
        } catch {
            logger.error(
                "could not read the stored projects; sweeping again at the next discovery pass",
                metadata: ["error": "\(error)"]
            )
            return false
        }
    }
}
