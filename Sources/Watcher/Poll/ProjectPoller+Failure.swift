import Foundation
import Notifier

extension ProjectPoller {
    /// Records a failed poll: the failure count and reason always; `project.unreachable` once the count reaches
    /// the target's threshold. Rate limiting is not the project's fault and counts nothing, and neither is an
    /// outage of the whole instance (`confirmInstanceOutage`, which reports it once as `instance.unreachable`).
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
        var events: [WatchEvent] = []
        if record.status != .unreachable, record.consecutiveFailures >= options.unreachableAfter {
            record.status = .unreachable
            let ref = ProjectRef(instance: key.instance, id: key.id, path: record.path)
            events.append(
                .projectUnreachable(
                    project: ref, reason: String(describing: error), httpStatus: error.status,
                    consecutiveFailures: record.consecutiveFailures, since: record.lastSuccessAt ?? time, at: time
                )
            )
        }
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
