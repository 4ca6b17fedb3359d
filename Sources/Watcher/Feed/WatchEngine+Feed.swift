import Foundation
import RxCore

/// The change feed: hints say *where* to look, polling stays the truth.
///
/// ```text
/// feed read (one per interval per instance, through the host lane) ─ hints ─┬─ watched: pipeline.wake(.feed)
///                                                                           ├─ another replica's: passed on
///                                                                           ├─ not watched: ignored, counted
///                                                                           └─ other branch, or a tag when the
///                                                                              target has no `tags: true`: filtered
/// feed scope (membership, Reporter+, on the discovery cadence) ─ covered projects poll on the sweep only
/// ```
///
/// Among replicas only the leader reads GitLab (`readFeed(_:)`); the others follow its note and hints.
extension WatchEngine {
    /// One feed per instance named in `configuration.feed`, read every `interval` (default: the shortest base
    /// interval of the instance's targets). Built once with the engine: a reload (`replace(targets:)`) keeps the
    /// feeds and their intervals; an instance that gains its first target by a reload reads no feed until restart.
    static func makeFeeds(
        configuration: EngineConfiguration,
        clients: [String: GitLabClient],
        targets: [WatchTarget]
    ) -> [String: ChangeFeed] {
        guard let settings = configuration.feed else { return [:] }
        var feeds: [String: ChangeFeed] = [:]
        for instance in settings.instances.sorted() {
            guard let client = clients[instance] else { continue }
            let intervals = targets.filter { $0.instance == instance }.map(\.cadence.base)
            guard let interval = settings.interval ?? intervals.min() else { continue }
            feeds[instance] = ChangeFeed(
                instance: instance,
                reader: FeedReader(client: client, overlap: settings.overlap, maximumPages: settings.maximumPages),
                interval: interval,
                sweepInterval: settings.sweepInterval,
                batch: settings.graphQLBatchSize > 0 ? HeadBatch(batchSize: settings.graphQLBatchSize) : nil
            )
        }
        return feeds
    }

    /// Reads every feed now and then every interval after each read ends, through its host's lane (so a 429
    /// pauses it with the polls and discovery), until disposed.
    func startFeeds() -> any Disposable {
        let subscriptions = CompositeDisposable()
        for feed in feeds.values {
            guard let lane = clients[feed.instance].flatMap({ lanes[$0.laneName] }) else { continue }
            _ = subscriptions.insert(repeating(every: feed.interval, through: lane) { await self.readFeed(feed) })
        }
        return subscriptions
    }

    /// One read of `feed` (listing the projects it covers first when that is due, on the discovery interval):
    /// wakes the watched projects its new push events name; publishes `.feedRead`.
    ///
    /// Among replicas that can pass hints on (`ProjectLeaseFilter.sharesLeaderReads`) only the leader reads GitLab: it
    /// wakes its own projects, passes the hints for the others' on and publishes where the feed stands
    /// (`FeedNote`); a new leader goes on from its predecessor's note. The others only read the note, to know that
    /// the feed covers their projects, while they hear the leader's hints; when they cannot, they read it too.
    @discardableResult
    func readFeed(_ feed: ChangeFeed) async -> FeedReport {
        let started = scheduler.now
        if feed.scopeIsDue(now: started, every: configuration.discoveryInterval) { await refreshScope(of: feed) }
        let role = feedRole()
        let previous = feed.takeRole(role)
        var report = FeedReport(
            instance: feed.instance, startedAt: started, covered: 0, requests: 0, polled: 0, ignored: 0, filtered: 0
        )
        switch role {
        case .following:
            report.followed = true
            await followLeader(feed)
        case .leading, .alone:
            // Reading GitLab again after the leader did (taking the lead, or no longer hearing its hints): go on
            // from the leader's last read, so that the pushes since are hinted, not primed over.
            if previous == .following || (role == .leading && previous != .leading) { await resumeFromNote(feed) }
            await readGitLab(feed, role: role, into: &report)
        }
        report.covered = feed.scopeCount
        await readBatch(feed, into: &report)
        if let failure = report.failure {
            logger.warning(
                "reading the change feed failed", metadata: ["instance": "\(feed.instance)", "error": "\(failure)"]
            )
        }
        subject.onNext(.feedRead(report))
        return report
    }

    /// Who reads the change feed on this replica now (`readFeed`).
    private func feedRole() -> ChangeFeed.Role {
        guard let leases, leases.sharesLeaderReads else { return .alone }
        if leases.isLeader { return .leading }
        return leases.hearsFeedHints ? .following : .alone
    }

    /// Reads `feed` from GitLab and wakes the pipelines its hints name; leading, passes the hints for projects
    /// another replica holds on, then publishes where the feed stands.
    private func readGitLab(_ feed: ChangeFeed, role: ChangeFeed.Role, into report: inout FeedReport) async {
        let read = await feed.reader.read()
        if read.failure == nil { feed.noteRead(at: scheduler.now) }
        report.requests = read.requests
        report.failure = read.failure
        var woken: [ProjectKey: (pipeline: ProjectPipeline, pushed: [HintedPush])] = [:]
        var others: [FeedHint] = []
        for hint in read.hints {
            let key = ProjectKey(instance: feed.instance, id: hint.project)
            let (pipeline, covered) = registry.withLock { ($0.pipelines[key], $0.covered.contains(key)) }
            guard let pipeline else {
                if role == .leading, covered { others.append(hint) } else { report.ignored += 1 }
                continue
            }
            guard pipeline.wants(ref: hint.ref, refType: hint.refType) else {
                report.filtered += 1
                continue
            }
            // One wake per project, expecting the branch pushes all its hints name.
            woken[key] = (pipeline, (woken[key]?.pushed ?? []) + HintedPush.of(ref: hint.ref, refType: hint.refType))
        }
        for (pipeline, pushed) in woken.values { pipeline.wake(.feed, pushed: pushed) }
        report.polled = woken.count
        var passedOn = true
        if !others.isEmpty, let leases {
            do {
                try await leases.forwardFeedHints(others, instance: feed.instance)
                report.forwarded = others.count
            } catch {
                // The next read hints them again (if still within its window); until a note says the feed was
                // read, the others' coverage lapses and their projects go back to their own cadence.
                passedOn = false
                feed.reader.unsee(others.map(\.eventID))
                logger.warning(
                    "cannot pass the change feed's hints on to the other replicas",
                    metadata: ["instance": "\(feed.instance)", "hints": "\(others.count)", "error": "\(error)"]
                )
            }
        }
        guard role == .leading, read.failure == nil, passedOn, let leases else { return }
        do {
            let note = FeedNote(reference: feed.reader.reference, readAt: scheduler.now)
            let name = FeedNote.name(instance: feed.instance)
            _ = try await leases.publishLeaderNote(name, value: note.encoded(), wake: nil)
        } catch {
            logger.warning(
                "cannot publish where the change feed stands",
                metadata: ["instance": "\(feed.instance)", "error": "\(error)"]
            )
        }
    }

    /// Following: the feed covers this replica's projects while the leader's last read is recent (it passes
    /// their hints on).
    private func followLeader(_ feed: ChangeFeed) async {
        guard let leases else { return }
        do {
            guard let note = try await feedNote(feed, leases: leases),
                scheduler.now.timeIntervalSince(note.readAt) <= 3 * feed.interval
            else { return }
            feed.noteRead(at: note.readAt)
        } catch {
            logger.debug("cannot read the leader's change feed note", metadata: ["error": "\(error)"])
        }
    }

    /// Taking the lead, or reading the feed again after following the leader: goes on from where the leader's feed
    /// stood, when its note is younger than the sweep interval (older, every project has been polled directly
    /// since: nothing to catch up).
    private func resumeFromNote(_ feed: ChangeFeed) async {
        guard let leases else { return }
        do {
            guard let note = try await feedNote(feed, leases: leases), let reference = note.reference,
                scheduler.now.timeIntervalSince(note.readAt) <= feed.sweepInterval
            else { return }
            feed.reader.resume(at: reference)
            logger.info(
                "leading: the change feed goes on from the previous leader's last read",
                metadata: ["instance": "\(feed.instance)", "reference": "\(reference)"]
            )
        } catch {
            logger.warning(
                "cannot read where the previous leader's change feed stood; starting afresh",
                metadata: ["instance": "\(feed.instance)", "error": "\(error)"]
            )
        }
    }

    /// The note the leader last published for `feed` (`nil`: none yet).
    private func feedNote(_ feed: ChangeFeed, leases: any ProjectLeaseFilter) async throws -> FeedNote? {
        try await leases.leaderNote(FeedNote.name(instance: feed.instance)).map { try FeedNote(decoding: $0.value) }
    }

    /// The GraphQL head batch of the projects the feed cannot see, when on.
    private func readBatch(_ feed: ChangeFeed, into report: inout FeedReport) async {
        guard let batch = feed.batch, let client = clients[feed.instance] else { return }
        let outcome = await batch.read(batchCandidates(of: feed), now: scheduler.now) { paths throws(GitLabError) in
            try await client.graphQL.defaultBranchHeads(of: paths)
        }
        report.batchRequests = outcome.requests
        report.polled += outcome.woken
        if let failure = outcome.failure {
            logger.warning(
                "GraphQL head batch failed; those projects are probed one by one",
                metadata: ["instance": "\(feed.instance)", "error": "\(failure)"]
            )
        }
    }

    /// Wakes every project this replica polls that the change feed covers: after this replica could not hear the
    /// leader's hints for a while (its wake-up listener listens again), whatever they said is looked at now.
    func wakeFeedCoveredProjects() {
        let pipelines = registry.withLock { Array($0.pipelines.values) }
        for pipeline in pipelines where feeds[pipeline.key.instance]?.inScope(pipeline.key.id) == true {
            pipeline.wake(.feed)
        }
    }

    /// The watched projects of `feed`'s instance the feed cannot see whose target watches only the default
    /// branch: their heads can be batched through GraphQL (all-branch targets keep the per-project events probe,
    /// and so do targets with `tags: true`: a tag push moves no head, only that probe sees it).
    func batchCandidates(of feed: ChangeFeed) -> [HeadBatch.Candidate] {
        let pipelines = registry.withLock { Array($0.pipelines.values) }
        return pipelines.filter { pipeline in
            guard pipeline.key.instance == feed.instance, !feed.inScope(pipeline.key.id), !pipeline.target.options.tags,
                let defaultBranch = pipeline.defaultBranch
            else { return false }
            return pipeline.target.options.branches.singleBranch(defaultBranch: defaultBranch) == defaultBranch
        }
        .sorted { $0.key < $1.key }
        .map { pipeline in
            HeadBatch.Candidate(project: pipeline.key.id, path: pipeline.path) {
                pipeline.wake(.feed, pushed: [pipeline.defaultBranch.map(HintedPush.branch) ?? .unnamed])
            }
        }
    }

    /// Lists the projects the token's user can read the pushes of (Reporter or above), so that they are polled
    /// only on the sweep while the feed works. A failure keeps the previous scope.
    ///
    /// Among replicas the leader lists them and publishes the list; the others take it while it is younger than
    /// 2.5 discovery intervals, and list GitLab themselves otherwise.
    func refreshScope(of feed: ChangeFeed) async {
        guard let client = clients[feed.instance] else { return }
        let (name, what) = ("feed scope \(feed.instance)", "projects the change feed of \(feed.instance) covers")
        if let ids = await leaderList([Int64].self, named: name, what: what) {
            feed.setScope(Set(ids), at: scheduler.now)
            return
        }
        var options = GitLabProjectListOptions(membership: true, simple: true, perPage: 100)
        options.minAccessLevel = 20
        do {
            let projects = try await client.projects.list(options).loadAll()
            let ids = Set(projects.map(\.id))
            feed.setScope(ids, at: scheduler.now)
            await publishLeaderList(ids.sorted(), named: name, what: what)
        } catch {
            logger.warning(
                "cannot list the projects the change feed covers; keeping the previous list",
                metadata: ["instance": "\(feed.instance)", "error": "\(error)"]
            )
        }
    }

    /// Runs `work` now and then again `interval` seconds after each run ends, each run through `lane`.
    private func repeating(
        every interval: TimeInterval,
        through lane: HostLane,
        _ work: @escaping @Sendable () async -> Void
    ) -> any Disposable {
        let inFlight = SerialDisposable()
        let loop = scheduler.scheduleRecursive((), dueTime: .timeInterval(0)) { _, recurse in
            let run = lane.run(
                Single<PollOutcome>.create {
                    await work()
                    return .unchanged
                }
            )
            inFlight.disposable = run.subscribe { _ in recurse.schedule((), dueTime: .timeInterval(interval)) }
        }
        return Disposables.create(loop, inFlight)
    }
}
