import Foundation
import Notifier
import Synchronization

/// Polls one project, in stages that `Pipeline.swift` composes into one stream: the stored state (`storedState`) →
/// GitLab's project and heads (`read`) → only heads that moved pass → their ranges (`examine`) → events routed and
/// everything stored in one transaction (`store`, through `StateStore.apply`). That transaction is the only commit
/// point: killed at any moment, the next poll starts again from the stored heads and derives the same events with
/// the same ids, which the store ignores if they were already written.
///
/// Requests per poll: one when nothing changed (the branch, or the newest push event when several branches are
/// watched); otherwise in proportion to what changed (a range `old..new` per moved branch, one more per
/// force-push and per author who looks new). A poll a hint woke for one branch reads that branch's head and range
/// in one request (`expectPush(_:)`).
final class ProjectPoller: @unchecked Sendable {
    // @unchecked: `project`, `lastBranchRead`, `lastTagCheck`, `pendingBaseline`, `pushExpected`, `lastFailure`,
    // `failureStreak` and `isStalled` are touched only by `poll()` (and read after it returned), which the engine never runs twice at once for one
    // project; other tasks ask for a refresh through `refreshRequested`, and say a push is coming through
    // `pushHinted`.

    /// The project polled.
    let key: ProjectKey
    /// What the target asks.
    let options: PollOptions
    let source: any ProjectSource
    let store: any StateStore
    private let currentRouter: Mutex<EventRouter>
    let changedPaths: (any ChangedPathsProvider)?
    let now: @Sendable () -> Date
    /// Where idle polls are noted instead of written one by one; `nil` writes every poll at once.
    let idlePolls: IdlePollLedger?
    /// When glwatch began watching the project: its baseline is as of this moment, whenever the first
    /// successful poll happens (`nil`: as of that poll, as `glwatch once` does).
    let watchStart: Date?
    /// Whether the project was created after its target's first discovery: it starts from an empty baseline, so
    /// everything in it is announced.
    let isNewProject: Bool
    /// Asked after a failure that may be the whole instance's (`InstanceMonitor.confirm`): `true` means the
    /// instance is down, so the failure is not counted against the project.
    let confirmInstanceOutage: (@Sendable (GitLabError) async -> Bool)?
    /// The longest the poller trusts push events (`engine.sweep_interval`): a poll reads the branch list (and,
    /// with `tags: true`, the tag list) at least this often, whatever the newest push event says. A push whose
    /// event GitLab writes late, or never, costs at most this much latency, never an event.
    let sweepInterval: TimeInterval
    /// The last tag read that was stored (see `ProjectPoller+Tags.swift`); `nil` until one in this process.
    var lastTagCheck: TagCheck?
    /// How late GitLab may make a push event visible (it writes them in a background job; `engine.feed_overlap`):
    /// a baseline reads the push events since the watch start this long after the heads it walks back from, and
    /// a branch whose new head does not descend from its old one waits up to this long for the events that say
    /// whether it was deleted and created again. 0 trusts the events as first read.
    let eventLateness: TimeInterval
    /// Waits on the engine's clock (virtual time in tests).
    let sleep: @Sendable (TimeInterval) async -> Void
    /// A first poll's reading, kept until its baseline can be written (`eventLateness` after it).
    var pendingBaseline: PendingBaseline?

    private var project: GitLabProject?
    /// The last branch list read that was stored: the newest push event id then (`nil`: none) and when.
    private var lastBranchRead: (pushEventID: Int64?, at: Date)?
    /// Set by `refreshProjectInfo()` (from any task); the next poll forgets `project` and `lastBranchRead`.
    private let refreshRequested = Mutex(false)
    /// Filled by `expectPush(_:)` (from any task); the next poll takes it into `pushExpected`.
    private let pushHinted = Mutex<ExpectedPushes?>(nil)
    /// What hints (the change feed, a webhook) said was pushed before this poll began (`nil`: none): the branch
    /// they name is then read with its range in one request (`observeHeads`).
    private var pushExpected: ExpectedPushes?

    /// Creates a poller; `now` is the engine's clock (the scheduler's, so tests run in virtual time). With
    /// `idlePolls`, a poll that finds nothing new only notes its time there (the engine writes those in batches);
    /// without, every poll is its own transaction.
    init(
        key: ProjectKey,
        options: PollOptions,
        source: any ProjectSource,
        store: any StateStore,
        router: EventRouter,
        changedPaths: (any ChangedPathsProvider)? = nil,
        idlePolls: IdlePollLedger? = nil,
        watchStart: Date? = nil,
        isNewProject: Bool = false,
        confirmInstanceOutage: (@Sendable (GitLabError) async -> Bool)? = nil,
        sweepInterval: TimeInterval = ProjectPoller.defaultSweepInterval,
        eventLateness: TimeInterval = 0,
        sleep: @escaping @Sendable (TimeInterval) async -> Void = { try? await Task.sleep(for: .seconds($0)) },
        now: @escaping @Sendable () -> Date
    ) {
        self.eventLateness = max(0, eventLateness)
        self.sleep = sleep
        self.confirmInstanceOutage = confirmInstanceOutage
        self.sweepInterval = sweepInterval
        self.watchStart = watchStart
        self.isNewProject = isNewProject
        self.key = key
        self.options = options
        self.source = source
        self.store = store
        self.currentRouter = Mutex(router)
        self.changedPaths = changedPaths
        self.idlePolls = idlePolls
        self.now = now
    }

    /// Why the last poll failed or was rate-limited (a GitLab error names the project and HTTP status, a store
    /// error the store's reason); `nil` after a successful poll. Read it once `poll()` has returned.
    private(set) var lastFailure: String?

    /// Whether the project has a stored baseline (known once a poll has read or written it).
    private(set) var hasBaseline = false

    /// The polls in a row that failed the same way, since this poller began (`recordFailure`).
    var failureStreak: FailureStreak?

    /// Whether the project is stalled after the last poll (`ProjectStatus.stalled`), for the metrics.
    var isStalled = false

    /// Polls once (`pollStream()`, awaited). Never throws: GitLab failures are recorded (and may raise
    /// `project.unreachable`); a cancelled poll is `.failed`.
    func poll() async -> PollOutcome {
        (try? await pollStream().value) ?? .failed
    }

    /// The rules events are routed with.
    var router: EventRouter { currentRouter.withLock { $0 } }

    /// Routes the events of later polls with `router` (a reloaded configuration); a poll in flight keeps the
    /// rules it started with.
    func replace(router: EventRouter) {
        currentRouter.withLock { $0 = router }
    }

    /// Has the next poll fetch the project record again (detecting renames, archiving and a new default branch)
    /// and read the branch list rather than trust an unchanged newest push event. The engine asks for it when
    /// discovery saw a project renamed, with a new default branch, or leaving the watch: a departing project's
    /// last poll is its last chance, and a push whose event GitLab has not written yet would be lost for good.
    func refreshProjectInfo() {
        refreshRequested.withLock { $0 = true }
    }

    /// Tells the next poll that a hint (the change feed, a webhook) says `push` happened. When the hints since the
    /// last poll name one watched branch, the poll reads that branch's head together with the commits it added
    /// (`ProjectSource.pushedRange`): one request, where the head (several watched branches: the newest push event
    /// and the branch list) and then the range take two or three. A hint that proves wrong costs one request,
    /// never an event; a target with several branches keeps the others' stored heads until their own hints or the
    /// sweep (`sweepInterval`) read the branch list.
    func expectPush(_ push: HintedPush) {
        pushHinted.withLock { hinted in
            var expected = hinted ?? ExpectedPushes()
            expected.add(push)
            hinted = expected
        }
    }

    // MARK: The stages of one poll (composed in `Pipeline.swift`)

    /// The first stage: what the store holds for the project (`nil` before its baseline), with the time of an
    /// idle poll noted but not yet written. Forgets the cached project record first when a refresh was asked.
    func storedState() async throws -> ProjectState? {
        lastFailure = nil
        if refreshRequested.withLock({ requested in defer { requested = false }; return requested }) {
            project = nil
            lastBranchRead = nil
        }
        pushExpected = pushHinted.withLock { hinted in defer { hinted = nil }; return hinted }
        let state = try await store.projectState(key).map(withPendingIdlePoll)
        if state != nil { hasBaseline = true }
        return state
    }

    /// A project with nothing stored: its baseline (see `baseline(_:at:)`), which may be deferred.
    func firstPoll(at time: Date) async throws -> PollOutcome {
        let outcome = try await baseline(try await projectInfo(refresh: true), at: time)
        if case .deferred = outcome { return outcome }  // nothing written yet
        hasBaseline = true
        return outcome
    }

    /// What GitLab shows now beside what the store holds: the project record (`info`, when already read) and the
    /// watched branches' heads.
    func read(_ state: ProjectState, info known: GitLabProject? = nil, at time: Date) async throws -> PollReading {
        let info: GitLabProject
        if let known { info = known } else { info = try await projectInfo(refresh: false) }
        let stored = Dictionary(
            state.heads.filter { options.branches.contains($0.branch, defaultBranch: info.defaultBranch) }
                .map { ($0.branch, $0.sha) },
            uniquingKeysWith: { first, _ in first }
        )
        let observation = try await observeHeads(info, stored: stored, at: time)
        return PollReading(time: time, state: state, info: info, stored: stored, observation: observation)
    }

    /// The heads moved: reads the range of every created and moved branch and describes what it holds as head
    /// updates, reported commits, contributors and events (nothing is written yet).
    func examine(_ reading: PollReading) async throws -> PollChanges {
        let diff = reading.diff
        let info = reading.info
        let defaultHead = info.defaultBranch.flatMap { reading.observation.heads[$0] ?? reading.stored[$0] }
        // A head stored for a branch no longer watched: the old default branch, if the default was switched.
        let previousDefaultHead = reading.state.heads.first { reading.stored[$0.branch] == nil }?.sha
        let pushes = try await examine(
            diff, defaultBranch: info.defaultBranch, defaultHead: defaultHead,
            previousDefaultHead: previousDefaultHead, lastPollAt: reading.state.record.lastSuccessAt,
            storedHeads: Set(reading.state.heads.map(\.sha)), pushed: reading.observation.pushed
        )
        var changes = PollChanges(change: StateChange(at: reading.time))
        try await describe(
            pushes, diff: diff, ref: projectRef(info), at: reading.time, into: &changes.change, events: &changes.events
        )
        return changes
    }

    /// The last stage: the project record, the tags (`tags: true`) and `changes`, routed and stored in one
    /// transaction, the only commit point; a poll that changed nothing but its time is only noted (`idlePolls`).
    func store(_ reading: PollReading, _ changes: PollChanges) async throws -> PollOutcome {
        let (state, info, time) = (reading.state, reading.info, reading.time)
        let ref = projectRef(info)
        var change = changes.change
        var events: [WatchEvent] = []
        failureStreak = nil
        isStalled = false
        if state.record.status == .unreachable || state.record.status == .stalled {
            events.append(.projectRecovered(project: ref, unreachableSince: state.record.lastSuccessAt ?? time, at: time))
        }
        if state.record.path != info.pathWithNamespace {
            events.append(.projectRenamed(project: ref, oldPath: state.record.path, at: time))
        }
        events += changes.events
        let tags = try await tagStep(
            stored: state.tags, probedPushEventID: reading.observation.probedPushEventID, ref: ref, at: time
        )
        change.tags = tags.updates
        events += tags.events

        var record = state.record
        record.path = info.pathWithNamespace
        record.status = info.archived == true ? .archived : .active
        record.lastPollAt = time
        record.lastSuccessAt = time
        record.consecutiveFailures = 0
        record.lastError = nil
        let headsMoved = !reading.diff.isEmpty
        if let idlePolls, !headsMoved, events.isEmpty, change.tags.isEmpty,
            record == Self.stamped(state.record, at: time)
        {
            // Nothing but the poll time changed: noted, and written with other idle polls in one transaction.
            idlePolls.note(key, at: time)
        } else {
            change.projects = [record]
            change.events = try await plan(events)
            _ = try await store.apply(change)
        }
        noteBranchRead(reading.observation, at: time)
        if let check = tags.check { lastTagCheck = check }
        return !headsMoved && events.isEmpty ? .unchanged : .changed
    }

    /// A failed stage: GitLab's failures are recorded (`recordFailure`), others (the store's) only reported.
    func failed(_ error: any Error, state: ProjectState?, at time: Date) async -> PollOutcome {
        lastFailure = String(describing: error)
        guard let error = error as? GitLabError else { return .failed }
        return await recordFailure(error, state: state, at: time)
    }

    /// `record` after a successful poll at `time` that changed nothing else.
    private static func stamped(_ record: ProjectRecord, at time: Date) -> ProjectRecord {
        var record = record
        record.lastPollAt = time
        record.lastSuccessAt = time
        return record
    }

    /// `state` with the time of this project's idle poll that is noted but not yet written, so a failure
    /// written now (and its `project.unreachable` event) knows when the project last answered.
    private func withPendingIdlePoll(_ state: ProjectState) -> ProjectState {
        guard let pending = idlePolls?.pendingPoll(of: key) else { return state }
        var state = state
        state.record.lastPollAt = max(state.record.lastPollAt ?? pending, pending)
        state.record.lastSuccessAt = max(state.record.lastSuccessAt ?? pending, pending)
        return state
    }

    // MARK: Observing

    struct HeadObservation: Sendable {
        var heads: [String: String]
        var pushEventID: Int64?
        /// Whether the newest push event was read (then `pushEventID` is it, or `nil` when there is none).
        var probed = false
        /// Whether the heads were read from GitLab's branch list (not taken from the store because the newest
        /// push event had not changed).
        var readBranches = false

        /// The commits a hinted push added, read with the head (`ProjectSource.pushedRange`): the range of
        /// the move from the stored head, so examining it reads nothing more.
        var pushed: PushedRange? = nil

        /// The newest push event id if it was read (`.some(nil)`: there is none), `nil` if it was not.
        var probedPushEventID: Int64?? { probed ? .some(pushEventID) : nil }
    }

    /// The commits `from..branch` read together with the branch's head (newest first, the head first).
    struct PushedRange: Sendable, Equatable {
        var branch: String
        var from: String
        var window: CommitWindow
    }

    /// The watched branches' heads now: one request for a single branch; for several, one push-event request
    /// that usually proves nothing was pushed, and the branch list only when something was — or when the last
    /// branch list read is `sweepInterval` old (push events are hints, the branch list is the truth). Without
    /// `stored` heads (a baseline), the branch list is always read.
    func observeHeads(_ info: GitLabProject, stored: [String: String]?, at time: Date) async throws -> HeadObservation {
        if let branch = options.branches.singleBranch(defaultBranch: info.defaultBranch) {
            if pushExpected?.mayConcern(branch) == true, let stored,
                let observed = try await hintedHead(of: branch, stored: stored)
            {
                return observed
            }
            let head = try await source.head(of: branch, in: key.id)
            return HeadObservation(heads: head.map { [branch: $0.id] } ?? [:])
        }
        if info.defaultBranch == nil, options.branches == .defaultBranch {
            return HeadObservation(heads: [:])
        }
        // Several branches, and the hints name one of them (a target with tags keeps its probe: the tag step
        // reuses the newest push event it reads).
        if !options.tags, let branch = pushExpected?.onlyBranch, let stored,
            let observed = try await hintedHead(of: branch, stored: stored)
        {
            return observed
        }
        let newest = try await source.newestPushEventID(in: key.id)
        if let stored, let last = lastBranchRead, last.pushEventID == newest,
            time.timeIntervalSince(last.at) < sweepInterval
        {
            return HeadObservation(heads: stored, pushEventID: newest, probed: true)
        }
        let branches = try await source.branches(in: key.id)
        try await checkListsDefaultBranch(branches, info: info)
        let heads = Dictionary(
            branches.filter { options.branches.contains($0.name, defaultBranch: info.defaultBranch) }
                .map { ($0.name, $0.commit.id) },
            uniquingKeysWith: { first, _ in first }
        )
        return HeadObservation(heads: heads, pushEventID: newest, probed: true, readBranches: true)
    }

    /// The stored heads with `branch` moved to its head now, read with the commits it added since its stored head
    /// in one request (`ProjectSource.pushedRange`); `nil` when that read proves nothing (the branch is new, did
    /// not move on, moved back or is gone, or its range is longer than a page): the caller reads the heads as usual.
    private func hintedHead(of branch: String, stored: [String: String]) async throws -> HeadObservation? {
        guard let from = stored[branch],
            let window = try await source.pushedRange(of: branch, from: from, in: key.id),
            let head = window.commits.first
        else { return nil }
        var heads = stored
        heads[branch] = head.id
        return HeadObservation(heads: heads, pushed: PushedRange(branch: branch, from: from, window: window))
    }

    /// Fails the poll when the branch list lacks the project's default branch, which GitLab never deletes: the
    /// list lost a page on the way (read as deletions, it would announce branches that still exist). The record
    /// is re-read first, in case the default branch changed since it was cached; an empty repository has none.
    private func checkListsDefaultBranch(_ branches: [GitLabBranch], info: GitLabProject) async throws {
        guard let expected = info.defaultBranch, info.emptyRepo != true,
            !branches.contains(where: { $0.name == expected })
        else { return }
        let fresh = try await source.project(key.id)
        project = fresh
        guard fresh.defaultBranch == expected, fresh.emptyRepo != true else { return }
        throw GitLabError.decoding(
            GitLabErrorContext(
                host: key.instance, method: "GET", endpoint: "/projects/:id/repository/branches",
                resource: "branches of project \(info.pathWithNamespace)"
            ),
            path: "$",
            detail: "an inconsistent branch list (HTTP 200): it lacks the default branch \(expected); retrying"
        )
    }

    /// The project record, fetched when not cached (and every poll while the repository is empty, so its first
    /// push is seen).
    private func projectInfo(refresh: Bool) async throws -> GitLabProject {
        if !refresh, let project, project.defaultBranch != nil {
            return project
        }
        let fetched = try await source.project(key.id)
        project = fetched
        return fetched
    }

    /// Remembers a stored poll's branch list read, so later polls may skip the list while the newest push event
    /// stays the same (for at most `sweepInterval`).
    func noteBranchRead(_ observation: HeadObservation, at time: Date) {
        guard observation.readBranches else { return }
        lastBranchRead = (observation.pushEventID, time)
    }

    func projectRef(_ info: GitLabProject) -> ProjectRef {
        ProjectRef(instance: key.instance, id: key.id, path: info.pathWithNamespace, name: info.name, webURL: info.webURL)
    }

    /// Routes each event and pairs it with its planned deliveries.
    func plan(_ events: [WatchEvent]) async throws -> [PlannedEvent] {
        let router = self.router
        var planned: [PlannedEvent] = []
        for event in events {
            let decision = try await router.route(event, changedPaths: changedPaths)
            planned.append(
                PlannedEvent(
                    event: try event.outboxEvent(),
                    deliveries: decision.deliveries
                )
            )
        }
        return planned
    }
}
