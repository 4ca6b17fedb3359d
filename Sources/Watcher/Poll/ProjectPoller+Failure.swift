import Foundation
import Notifier

extension ProjectPoller {
    /// Records a failed poll: the failure count and reason always; `project.unreachable` once the count reaches
    /// the target's threshold (`unreachable_after`), and `project.stalled` once `stalled_after` polls in a row
    /// failed the same way (the same answer from the same endpoint: retrying alone will not get past it). Rate
    /// limiting is not the project's fault and counts nothing, and neither is an outage of the whole instance
    /// (`confirmInstanceOutage`, which reports it once as `instance.unreachable`).
    ///
    /// The same-way count lives in this poller: a restart (or a lease that moved to another replica) counts again
    /// from one, while a stored `stalled` status stays until a poll succeeds.
    func recordFailure(_ error: GitLabError, state: ProjectState?, at time: Date) async -> PollOutcome {
        switch error {
        case .rateLimited(_, let retryAfter):
            return .rateLimited(retryAfter: retryAfter.map(Self.seconds))
        case .cancelled:
            return .failed
        default:
            break
        }
        if let confirmInstanceOutage, await confirmInstanceOutage(error) { return .failed }
        // A project never polled successfully has no record to mark; the engine logs the error.
        guard let state else { return .failed }
        var record = state.record
        record.lastPollAt = time
        record.consecutiveFailures += 1
        record.lastError = String(describing: error)
        let streak = FailureStreak(following: failureStreak, error: error, at: time)
        failureStreak = streak
        var events: [WatchEvent] = []
        let ref = ProjectRef(instance: key.instance, id: key.id, path: record.path)
        let failing: Set<ProjectStatus> = [.unreachable, .stalled]
        if !failing.contains(record.status), record.consecutiveFailures >= options.unreachableAfter {
            record.status = .unreachable
            events.append(
                .projectUnreachable(
                    project: ref, reason: String(describing: error), httpStatus: error.status,
                    consecutiveFailures: record.consecutiveFailures, since: record.lastSuccessAt ?? time, at: time
                )
            )
        }
        if record.status != .stalled, streak.count >= options.stalledAfter {
            record.status = .stalled
            events.append(
                .projectStalled(
                    project: ref, reason: String(describing: error), httpStatus: error.status,
                    endpoint: "\(error.context.method) \(error.context.endpoint)", sameFailures: streak.count,
                    since: streak.since, at: time
                )
            )
        }
        isStalled = record.status == .stalled
        do {
            _ = try await store.apply(StateChange(at: time, projects: [record], events: try await plan(events)))
        } catch {
            // The store refused (disk full, locked): the next poll fails again and retries the write.
        }
        return .failed
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let components = duration.components
        return TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}

/// Polls in a row that failed the same way: the same error (status, message, endpoint, project) each time.
struct FailureStreak: Sendable, Equatable {
    /// The failure, as recorded (`String(describing:)` of the GitLab error).
    var failure: String
    /// How many polls in a row failed this way.
    var count: Int
    /// When the first of them failed.
    var since: Date

    /// The streak after a poll that failed with `error` at `time`: one longer when `previous` failed the same way,
    /// else a new streak of one.
    init(following previous: FailureStreak?, error: GitLabError, at time: Date) {
        let failure = String(describing: error)
        if let previous, previous.failure == failure {
            self = previous
            count += 1
        } else {
            (self.failure, count, since) = (failure, 1, time)
        }
    }
}
