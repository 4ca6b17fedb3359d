import Foundation
import Notifier
import RxCore

extension WatchEngine {
    /// Projects leaving the watch because a discovery pass of `scope` no longer lists them.
    ///
    /// Each is polled one last time first: an archived project, one moved out of the group or one shared no more
    /// is still readable by id for a while, so a push made just before it left is still announced. Then its
    /// departure is stored — the status (`archived` or `removed`) and a `project.removed` event with the reason
    /// and the heads last seen, in one transaction — so rules can route it instead of the project going quiet.
    ///
    /// A departure that cannot finish — its last poll keeps failing while GitLab still shows the project, or the
    /// store cannot be read or written (a database restarting) — is left undone: the project stays stored as
    /// watched, so the store sweep (`sweepStoreOnce`), asked to run again, takes it up at the next discovery pass.
    /// Recording it as gone would have made a push just before it left unannounced for good.
    ///
    /// - Returns: whether every departure finished.
    @discardableResult
    func depart(
        _ removed: [(key: ProjectKey, status: ProjectStatus)], pipelines: [ProjectPipeline], scope: String
    ) async -> Bool {
        var finished = true
        for (key, status) in removed {
            // Its status before the last poll (which records an archived project as archived already).
            let before: ProjectStatus?
            do {
                before = try await store.projectState(key)?.record.status
            } catch {
                logger.warning(
                    "cannot read a departing project's state; trying again at the next discovery pass",
                    metadata: ["key": "\(key)", "error": "\(error)"]
                )
                finished = false
                continue
            }
            if let pipeline = pipelines.first(where: { $0.key == key }), await !lastPoll(of: pipeline) {
                finished = false
                continue
            }
            // Without a baseline before, the last poll wrote it and announced what was pushed since the watch start.
            guard let before, [.active, .unreachable, .stalled].contains(before) else {
                await recordRemoved([(key, status)])  // no baseline, or gone before: nothing to announce
                continue
            }
            let reason = status == .archived ? "archived" : await departureReason(of: key, scope: scope)
            let recorded = await recordDeparture(of: key, status: reason == "archived" ? .archived : status, reason: reason)
            finished = finished && recorded
        }
        return finished
    }

    /// How many times a departing project's last poll is tried while it fails (1 s, 2 s, then 4 s apart).
    static let lastPollAttempts = 4

    /// A departing project's last poll: its last chance to announce a push made just before it left, so it reads
    /// the branch list (not the newest push event, which GitLab may not have written yet) and is tried again
    /// while it fails (a 5xx, a timeout, a rate limit, a store that cannot write) and GitLab still shows the
    /// project. A project GitLab no longer shows (404, 403) has nothing more to read.
    ///
    /// - Returns: `false` when every attempt failed while GitLab still shows the project (the departure waits).
    private func lastPoll(of pipeline: ProjectPipeline) async -> Bool {
        var wait: TimeInterval = 1
        for attempt in 1...Self.lastPollAttempts {
            pipeline.refreshProjectInfo()
            let report = await Self.pollToTheEnd(pipeline, scheduler: scheduler)
            var retryAfter: TimeInterval = 0
            switch report?.outcome {
            case .failed?: break
            case .rateLimited(let after)?: retryAfter = after ?? 0
            default: return true
            }
            guard await isStillShown(pipeline.key) else {
                logger.warning(
                    "last poll of a departing project failed and GitLab no longer shows it; a push just before it left may be unannounced",
                    metadata: ["project": "\(pipeline.path)", "error": "\(report?.failure ?? "none")"]
                )
                return true
            }
            guard attempt < Self.lastPollAttempts else {
                logger.warning(
                    "last poll of a departing project failed; trying again at the next discovery pass",
                    metadata: ["project": "\(pipeline.path)", "error": "\(report?.failure ?? "none")"]
                )
                return false
            }
            await SchedulerSleeper(scheduler: scheduler).sleep(for: .seconds(max(wait, retryAfter)))
            wait *= 2
        }
        return false
    }

    /// Whether GitLab still shows project `key` by id (a failure other than 404 or 403 counts as shown: it may
    /// be passing).
    private func isStillShown(_ key: ProjectKey) async -> Bool {
        guard let client = clients[key.instance] else { return false }
        do {
            _ = try await client.projects.get(.id(key.id))
            return true
        } catch .notFound, .forbidden {
            return false
        } catch {
            return true
        }
    }

    /// Why a project no longer listed by `scope` left, as far as GitLab tells: still readable by id means it
    /// moved out (or is shared no more); 404 or 403 means deleted or no longer visible to the token.
    private func departureReason(of key: ProjectKey, scope: String) async -> String {
        guard let client = clients[key.instance] else { return "no longer listed by \(scope)" }
        do {
            let project = try await client.projects.get(.id(key.id))
            if project.archived == true { return "archived" }
            return "moved out of \(scope) (now \(project.pathWithNamespace))"
        } catch .notFound, .forbidden {
            return "deleted or no longer visible"
        } catch {
            return "no longer listed by \(scope)"
        }
    }

    /// Stores the new status and the `project.removed` event together (the event's id derives from the reason
    /// and heads, so storing it again changes nothing). Returns whether it was stored.
    private func recordDeparture(of key: ProjectKey, status: ProjectStatus, reason: String) async -> Bool {
        let now = scheduler.now
        do {
            guard let state = try await store.projectState(key) else { return true }
            var record = state.record
            record.status = status
            let ref = ProjectRef(instance: key.instance, id: key.id, path: record.path)
            let lastHeads = Dictionary(state.heads.map { ($0.branch, $0.sha) }, uniquingKeysWith: { first, _ in first })
            let event = WatchEvent.projectRemoved(project: ref, reason: reason, lastHeads: lastHeads, at: now)
            let decision = try await router.route(event, changedPaths: nil)
            let planned = PlannedEvent(event: try event.outboxEvent(), deliveries: decision.deliveries)
            let result = try await store.apply(StateChange(at: now, projects: [record], events: [planned]))
            logger.notice(
                "project no longer watched", metadata: ["project": "\(record.path)", "reason": "\(reason)"]
            )
            if result.queuedDeliveries > 0 {
                subject.onNext(
                    .stored(project: key, events: result.insertedEventIDs.count, deliveries: result.queuedDeliveries)
                )
            }
            return true
        } catch {
            logger.error(
                "could not record that a project is no longer watched; trying again at the next discovery pass",
                metadata: ["key": "\(key)", "error": "\(error)"]
            )
            return false
        }
    }
}
