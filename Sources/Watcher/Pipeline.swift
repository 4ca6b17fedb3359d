import Foundation
import Notifier
import RxCore

// The pipeline of one project, composed in this one file as one RxCore stream:
//
//   ticks and hints ─▶ per-project poll ─▶ distinctUntilChanged on branch heads ─▶ examine ranges ─▶ store ─▶ deliver
//      PollLoop          HostLane            seeded from the store                  Diff/          outbox   SinkWorker
//
// - ticks come from the project's cadence (`Poll/Cadence.swift`), hints from the change feed and webhooks
//   (`ProjectPipeline.wake`); one poll runs at a time, and the outcome of each chooses the wait before the next.
// - the poll runs in its host's lane (per-host cap, rate-limit pause), waits while its instance is down, and has a
//   deadline (`ProjectPipeline.laneRun`).
// - the heads GitLab shows pass only where they differ from the stored ones: the seed is read from the store at
//   every poll, so a restart (or a poll whose write failed) compares with what was committed, never with what was
//   only seen.
// - the stages themselves are async functions of `ProjectPoller` (`read`, `examine`, `store`), and the store's
//   `apply` is the only commit point: heads, events and their planned deliveries in one transaction.
// - the store tap announces queued deliveries (`EngineActivity.stored`), which wakes delivery
//   (`WatcherRuntime`, `Notifier/Delivery/SinkWorker.swift`).

extension ProjectPipeline {
    /// The project's stream: ticks and hints → one poll at a time through the host lane → each poll's tick (its
    /// outcome, the wait booked before the next, what started it).
    func stream(random: @escaping @Sendable () -> Double) -> Observable<PollLoop.Tick> {
        PollLoop(cadence: target.cadence, scheduler: scheduler, unitRandom: random)
            .ticks(wakes: hints, sweep: sweep) { [weak self] in
                guard let self else { return Single.just(.unchanged) }
                return self.laneRun(waitForInstance: true)
                    .do(onSuccess: { [weak self] report in self?.hold(report) })
                    .map { $0?.outcome ?? .unchanged }
            }
    }
}

extension ProjectPoller {
    /// One poll, as one stream: the stored state (the seed), then `update`; a project with nothing stored gets
    /// its baseline instead, and a failed stage is recorded (`failed`). Never fails.
    func pollStream() -> Single<PollOutcome> {
        Single.deferred { [self] in
            let time = now()
            return Single.create { try await self.storedState() }
                .flatMap { state in
                    (state.map { self.update($0, at: time) } ?? Single.create { try await self.firstPoll(at: time) })
                        .catch { error in Single.create { await self.failed(error, state: state, at: time) } }
                }
                .catch { error in Single.create { await self.failed(error, state: nil, at: time) } }
        }
    }

    /// A known project's poll: GitLab's project and heads now (`info`, when already read) → only heads that moved
    /// from the stored ones pass → their ranges examined → everything stored in one transaction (or, when nothing
    /// but the time changed, noted as an idle poll).
    func update(_ state: ProjectState, info: GitLabProject? = nil, at time: Date) -> Single<PollOutcome> {
        Single.create { try await self.read(state, info: info, at: time) }
            .flatMap { reading in
                Observable.just(reading.observation.heads)
                    .startWith(reading.stored)  // the seed: the heads the store holds
                    .distinctUntilChanged()
                    .skip(1)  // GitLab's heads pass only if they differ from the seed
                    .flatMap { _ in Single.create { try await self.examine(reading) } }  // their ranges → events
                    .asMaybe()
                    .ifEmpty(default: PollChanges(change: StateChange(at: time)))  // heads unmoved: nothing to examine
                    .flatMap { changes in Single.create { try await self.store(reading, changes) } }  // one transaction
            }
    }
}

extension WatchEngine {
    /// Builds the pipeline of one project: a `ProjectPoller` on the target's host, writing through a store tap
    /// that counts what each poll stored and announces queued deliveries (which wakes delivery).
    ///
    /// The project's watch starts at `watchStart` (now by default; the discovery pass that found it passes when it
    /// began): its baseline will be as of that moment. `isNewProject` (created after its target's first
    /// discovery) makes it start from an empty baseline instead.
    ///
    /// With a `fence` (replicas sharing the work), every poll's outcome is written under that project lease
    /// (`FencedStateStore`).
    func makePipeline(
        key: ProjectKey, path: String, target: WatchTarget, client: GitLabClient, isNewProject: Bool = false,
        watchStart: Date? = nil, fence: ProjectFence? = nil
    ) -> ProjectPipeline {
        let counter = ApplyCounter()
        let subject = subject
        var base = store
        if let fence, let leases { base = FencedStateStore(base: store, fence: fence, onLost: leases.lost) }
        let deliver = TappedStateStore(base: base) { result in
            counter.add(result)
            guard result.queuedDeliveries > 0 else { return }
            subject.onNext(
                .stored(project: key, events: result.insertedEventIDs.count, deliveries: result.queuedDeliveries)
            )
        }
        let poller = makePoller(
            key: key, target: target, client: client, store: deliver, isNewProject: isNewProject,
            watchStart: watchStart
        )
        let scheduler = scheduler
        let feed = feeds[key.instance]
        let logger = logger
        return ProjectPipeline(
            key: key,
            path: path,
            target: target,
            lane: lanes[client.laneName]!,
            instance: monitors[key.instance],
            scheduler: scheduler,
            pollTimeout: configuration.pollTimeout,
            poll: {
                Single.deferred {
                    counter.reset()
                    return poller.pollStream().map { outcome in
                        let (events, deliveries) = counter.take()
                        return PollResult(
                            outcome: outcome, eventsStored: events, deliveriesQueued: deliveries,
                            failure: poller.lastFailure, baselined: poller.hasBaseline, stalled: poller.isStalled
                        )
                    }
                }
            },
            refreshProjectInfo: { poller.refreshProjectInfo() },
            expectPush: { poller.expectPush($0) },
            replaceRouter: { poller.replace(router: $0) },
            sweep: { feed?.sweepDelay(for: key.id, now: scheduler.now) },
            report: { report in Self.publish(report, logger: logger, to: subject) }
        )
    }
}
