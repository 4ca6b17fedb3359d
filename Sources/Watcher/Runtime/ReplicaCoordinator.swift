import Foundation
import Logging
import RxCore
import Synchronization

/// Keeps this replica's share of the work when several `glwatch run` share one PostgreSQL database: its
/// heartbeat, its project leases and (when it wins it) the leader lease — and tells the engine when its projects
/// change (`WatchEngine.leasesChanged()`).
///
/// One round (`tick()`), every third of the lease period, after each discovery pass, and when another replica gives
/// leases back (`wake()`, from `ReplicaWakeListener`):
///
/// ```text
/// heartbeat ─▶ leader lease (take or renew) ─▶ offer the covered projects ─▶ renew held leases
///   ─▶ claim free or expired ones up to the fair share ─▶ stop pipelines of leases lost, given up or above
///   the share ─▶ start pipelines of new ones ─▶ release the given-up leases
/// ```
///
/// A lease missing from a renewal was claimed by another replica after it expired: its pipeline stops (and its
/// poll in flight, if any, cannot commit: the fence moved). When the database cannot be reached for a whole lease
/// period, the replica drops every lease and the leadership — no polling without a place to commit it — and claims
/// again once the database is back.
///
/// Each round, and each lease lost in between, publishes where the replica stands on `reports` (`ReplicaReport`:
/// database up, leases held, leading, leases lost), for `/readyz` and the replica metrics.
final class ReplicaCoordinator: ProjectLeaseFilter, Sendable {
    private let leases: any ReplicaLeases
    private let scheduler: any SchedulerType
    private let logger: Logger
    /// At most this many leases are claimed in one round (a new replica ramps up over a few rounds).
    private let claimBatch: Int
    /// Where webhook and change-feed hints for projects another replica holds are passed on
    /// (`forward(_:instance:)`, `forwardFeedHints(_:instance:)`).
    private let wakeups: (any ReplicaWakeups)?
    /// Whether this replica hears the hints the others pass on now (its `ReplicaWakeListener` listens).
    private let hearing: @Sendable () -> Bool
    private let state = Mutex(State())
    private let subject: BehaviorSubject<ReplicaReport>
    /// How long one round's database work may take before the round counts as failed (`tick`).
    private let roundDeadline: Duration
    /// The round due when the leader lease another replica holds expires (`tick`), replaced after each round.
    private let atLeaderExpiry = SerialDisposable()

    private struct State {
        var held: [ProjectKey: ProjectFence] = [:]
        var leading = false
        var lastRenewal: Date?
        var offered: Set<ProjectKey> = []
        var poke: AsyncStream<Void>.Continuation?
        /// The latest round's failure, if it failed.
        var problem: String?
        /// Whether the leases were dropped for want of the database (until a round succeeds).
        var lapsed = false
        var leaseLosses = 0

        func report(_ replicaID: String, leasePeriod: Duration) -> ReplicaReport {
            ReplicaReport(
                replicaID: replicaID, databaseUp: problem == nil, problem: problem, leasesLapsed: lapsed,
                leases: held.count, leading: leading, leaseLosses: leaseLosses, renewedAt: lastRenewal,
                leasePeriod: leasePeriod.seconds
            )
        }
    }

    /// Creates a coordinator over `leases`; nothing happens until `start(engine:)` or `tick(engine:)`.
    ///
    /// - parameter wakeups: Where hints for the other replicas' projects are passed on; without, none are, and
    ///   every replica reads the change feed itself.
    /// - parameter hearing: Whether the other replicas' hints reach this one now (`ReplicaWakeListener.isListening`).
    /// - parameter roundDeadline: How long a round's database work may take before the round fails (the database
    ///   "did not answer"); by default one lease period, after which the leases it would renew have run out anyway.
    init(
        leases: any ReplicaLeases, scheduler: any SchedulerType, logger: Logger, claimBatch: Int = 200,
        wakeups: (any ReplicaWakeups)? = nil, hearing: @escaping @Sendable () -> Bool = { false },
        roundDeadline: Duration? = nil
    ) {
        self.roundDeadline = roundDeadline ?? leases.leasePeriod
        self.leases = leases
        self.wakeups = wakeups
        self.hearing = hearing
        self.scheduler = scheduler
        self.logger = logger
        self.claimBatch = claimBatch
        self.subject = BehaviorSubject(
            value: ReplicaReport(replicaID: leases.replicaID, leasePeriod: leases.leasePeriod.seconds)
        )
    }

    /// Where this replica stands now, then after every round and every lease lost in between.
    var reports: Observable<ReplicaReport> { subject.asObservable() }

    /// Where this replica stands now.
    var report: ReplicaReport {
        let (replicaID, period) = (leases.replicaID, leases.leasePeriod)
        return state.withLock { $0.report(replicaID, leasePeriod: period) }
    }

    // MARK: ProjectLeaseFilter

    func fence(for key: ProjectKey) -> ProjectFence? {
        state.withLock { $0.held[key] }
    }

    var isLeader: Bool { state.withLock { $0.leading } }

    func lost(_ fence: ProjectFence) {
        let (replicaID, period) = (leases.replicaID, leases.leasePeriod)
        let lost = state.withLock { state -> (AsyncStream<Void>.Continuation?, ReplicaReport)? in
            guard state.held[fence.project] == fence else { return nil }
            state.held[fence.project] = nil
            state.leaseLosses += 1
            return (state.poke, state.report(replicaID, leasePeriod: period))
        }
        guard let lost else { return }
        let (poke, report) = lost
        logger.warning(
            "another replica holds the project now; dropping it", metadata: ["key": "\(fence.project)"]
        )
        subject.onNext(report)
        poke?.yield()
    }

    /// The projects this replica holds now, by key.
    var heldProjects: [ProjectKey] { state.withLock { $0.held.keys.sorted() } }

    // MARK: Running

    /// Runs a round now, then every third of the lease period and whenever the engine reports a discovery pass,
    /// until disposed. Rounds never overlap. `afterRound` runs after each: the runtime wakes its delivery side
    /// there, since deliveries another replica queued (and may have died holding) wake nothing on this one.
    func start(engine: WatchEngine, afterRound: @escaping @Sendable () -> Void = {}) -> any Disposable {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        state.withLock { $0.poke = continuation }
        let rounds = Task { [self] in
            for await _ in stream {
                await tick(engine: engine)
                afterRound()
            }
        }
        continuation.yield()
        let interval = RxTimeInterval.milliseconds(Int(leases.leasePeriod.seconds * 1000 / 3))
        let timer = scheduler.scheduleRecursive((), dueTime: interval) { _, recurse in
            continuation.yield()
            recurse.schedule((), dueTime: interval)
        }
        let discoveries = engine.activity.subscribe(onNext: { activity in
            if case .discovered = activity { continuation.yield() }
        })
        return Disposables.create { [atLeaderExpiry] in
            atLeaderExpiry.dispose()
            timer.dispose()
            discoveries.dispose()
            continuation.finish()
            rounds.cancel()
        }
    }

    /// Asks for a round now (another replica gave leases back, `ReplicaWakeListener`), without waiting for the
    /// timer; a round already asked for and not yet begun counts for this one. Does nothing before `start`.
    func wake() {
        state.withLock { $0.poke }?.yield()
    }

    /// Passes a webhook's hint for a project another replica holds to the replicas (`ReplicaWakeups.forward`),
    /// without waiting; `false` when this replica has no way to (no wake-ups).
    func forward(_ hint: HookHint, instance: String) -> Bool {
        guard let wakeups else { return false }
        let forwarded = ForwardedHint(hint, instance: instance, sender: leases.replicaID)
        let logger = logger
        Task {
            do {
                try await wakeups.forward(forwarded)
            } catch {
                // Only latency is lost: the holder's change feed and polls still find the push.
                logger.debug("could not pass a webhook's hint on", metadata: ["hint": "\(hint)", "error": "\(error)"])
            }
        }
        return true
    }

    var sharesLeaderReads: Bool { wakeups != nil }

    var hearsFeedHints: Bool { wakeups != nil && hearing() }

    func forwardFeedHints(_ hints: [FeedHint], instance: String) async throws {
        guard let wakeups else { return }
        let me = leases.replicaID
        try await wakeups.forward(hints.map { ForwardedHint($0, instance: instance, sender: me) })
    }

    func leaderNote(_ name: String) async throws -> LeaderNote? {
        try await leases.leaderNote(name)
    }

    func publishLeaderNote(_ name: String, value: String, wake: ReplicaWake?) async throws -> Bool {
        try await leases.publishLeaderNote(name, value: value, now: scheduler.now, wake: wake)
    }

    /// Not leading: asks for a round right after the leader lease expires, when that comes before the next periodic
    /// round, so that a leader that died is replaced within one lease period of its last renewal (not up to a third
    /// of one later).
    private func roundAtLeaderExpiry(now: Date) async throws {
        guard let expiry = try await leases.leaderLease()?.expiresAt else { return }
        let wait = expiry.timeIntervalSince(now) + 0.01
        guard wait > 0, wait < leases.leasePeriod.seconds / 3 else { return }
        let due = RxTimeInterval.milliseconds(Int((wait * 1000).rounded(.up)))
        atLeaderExpiry.disposable = scheduler.scheduleRelative((), dueTime: due) { [weak self] _ in
            self?.wake()
            return Disposables.create()
        }
    }

    /// One round (see the type's description); the engine's pipelines follow the leases before it returns.
    ///
    /// The round's database work has `roundDeadline` to finish: without it, a round against a database that went
    /// away waits as long as the connection pool keeps retrying (postgres-nio gives up after a minute), and in the
    /// meantime this replica would go on polling projects whose leases have run out, reporting nothing.
    func tick(engine: WatchEngine) async {
        let now = scheduler.now
        // A round that begins once every target has listed its projects gives this replica its share.
        let discovered = engine.hasDiscoveredAll
        let covered = engine.coveredProjects
        var succeeded = false
        let (held, offered) = state.withLock { (Array($0.held.values), $0.offered) }
        var lost: [ProjectKey] = []
        var release: [ProjectKey] = []
        do {
            let reached = try await withDeadline(roundDeadline) { [self] in
                try await reachDatabase(now: now, covered: covered, held: held, offered: offered)
            }
            let (leading, renewed, claim) = (reached.leading, reached.renewed, reached.claim)
            lost = Set(held.map(\.project)).subtracting(renewed.map(\.project)).sorted()
            let coveredSet = Set(covered)
            var keep = renewed.filter { coveredSet.contains($0.project) }
            release = renewed.filter { !coveredSet.contains($0.project) }.map(\.project)
            if keep.count > claim.fairShare {
                // Above the fair share (a replica joined): give the rest back for the others to claim.
                keep.sort { $0.project < $1.project }
                release += keep.suffix(keep.count - claim.fairShare).map(\.project)
                keep.removeLast(keep.count - claim.fairShare)
            }
            let wasLeading = state.withLock { state in
                defer {
                    state.held = Dictionary(uniqueKeysWithValues: (keep + claim.claimed).map { ($0.project, $0) })
                    state.leading = leading
                    state.lastRenewal = now
                    state.offered = coveredSet
                    state.problem = nil
                    state.lapsed = false
                    state.leaseLosses += lost.count
                }
                return state.leading
            }
            succeeded = true
            if leading != wasLeading {
                logger.notice(leading ? "this replica leads now" : "another replica leads now")
            }
            if !lost.isEmpty || !release.isEmpty || !claim.claimed.isEmpty {
                logger.info(
                    "project leases moved",
                    metadata: [
                        "claimed": "\(claim.claimed.count)", "released": "\(release.count)", "lost": "\(lost.count)",
                        "held": "\(keep.count + claim.claimed.count)", "fair_share": "\(claim.fairShare)",
                    ]
                )
            }
        } catch is CancellationError {
            return  // stopping
        } catch {
            logger.warning("cannot renew this replica's leases", metadata: ["error": "\(error)"])
            // Measured from the round's end: a round that waited out its deadline may have outlived the leases.
            let failedAt = scheduler.now
            let expired = state.withLock { state -> Bool in
                state.problem = "\(error)"
                guard let last = state.lastRenewal, failedAt.timeIntervalSince(last) >= leases.leasePeriod.seconds,
                    !state.held.isEmpty || state.leading
                else { return false }
                state.leaseLosses += state.held.count
                state.held = [:]
                state.leading = false
                state.lapsed = true
                return true
            }
            if expired {
                logger.error("the leases expired without the database: this replica stops polling until it is back")
            }
        }
        subject.onNext(report)
        // Stop the pipelines of leases given up before giving them up: no poll of ours may follow another's claim.
        await engine.leasesChanged(settled: discovered && succeeded)
        if !release.isEmpty {
            do {
                try await leases.releaseLeases(release)
            } catch {
                logger.warning("cannot give back leases; they expire on their own", metadata: ["error": "\(error)"])
            }
        }
    }

    /// What one round learnt from the database.
    private struct Reached: Sendable {
        var leading: Bool
        var renewed: [ProjectFence]
        var claim: ProjectClaim
    }

    /// The round's database work: heartbeat, leader lease, offers, renewals, claims.
    private func reachDatabase(
        now: Date, covered: [ProjectKey], held: [ProjectFence], offered: Set<ProjectKey>
    ) async throws -> Reached {
        try await leases.heartbeat(now: now)
        let leading = try await leases.acquireLeadership(now: now)
        if !leading { try await roundAtLeaderExpiry(now: now) }
        if Set(covered) != offered { try await leases.offerProjects(covered.filter { !offered.contains($0) }) }
        let renewed = try await leases.renewLeases(held, now: now)
        let claim = try await leases.claimProjects(among: covered, now: now, limit: claimBatch)
        return Reached(leading: leading, renewed: renewed, claim: claim)
    }

    /// Runs `body`, failing with `RoundDeadlineExceeded` (and cancelling it) when it has not finished within `limit`
    /// of real time. A cancellation of the caller stays a `CancellationError`.
    private func withDeadline<T: Sendable>(
        _ limit: Duration, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let location = leases.location
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                try Task.checkCancellation()
                throw RoundDeadlineExceeded(location: location, limit: limit)
            }
            return value
        }
    }
}

/// A lease round that did not finish in time: the database (named, never with its password) did not answer.
struct RoundDeadlineExceeded: Error, CustomStringConvertible {
    var location: String
    var limit: Duration

    var description: String {
        let seconds = limit.seconds
        let within = seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : "\(Int(seconds.rounded(.up))) s"
        return "the state database \(location) did not answer within \(within)"
    }
}

extension Duration {
    /// This duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
