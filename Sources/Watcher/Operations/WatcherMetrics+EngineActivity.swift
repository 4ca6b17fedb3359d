import Foundation
import RxCore
import Synchronization

extension WatcherMetrics {
    /// Follows the engine's activity: every poll (count, duration by outcome, last success per project),
    /// discovery passes and the number of watched projects; and, when `health` is given, tells it about successful
    /// polls and the end of the first cycle.
    ///
    /// The first cycle is over once every project watched at that moment has finished a poll (successful or
    /// not) — with `glwatch once`-style `pollAllOnce()` the caller may also call `health.cycleCompleted()` itself.
    /// Subscribe before `engine.start()`; dispose the result to stop following.
    func follow(_ engine: WatchEngine, health: HealthMonitor? = nil) -> any Disposable {
        let polled = Mutex<Set<ProjectKey>?>([])  // nil once the first cycle is over
        return engine.activity.subscribe(onNext: { [self] activity in
            switch activity {
            case .polled(let report):
                let finished = report.startedAt.addingTimeInterval(report.duration)
                recordPoll(project: report.project, outcome: report.outcome, duration: report.duration, finishedAt: finished)
                guard let health else { return }
                switch report.outcome {
                case .changed, .unchanged: health.pollSucceeded(at: finished)
                case .failed, .rateLimited: break
                }
                let watched = Set(engine.watchedProjects.map(\.key))
                let firstCycleOver = polled.withLock { polled -> Bool in
                    guard var seen = polled else { return false }
                    seen.insert(report.project)
                    polled = watched.isSubset(of: seen) ? nil : seen
                    return polled == nil
                }
                if firstCycleOver { health.cycleCompleted() }
            case .discovered(let report):
                discoveries(report.failure == nil ? "ok" : "failed").increment()
                watchedProjects.record(engine.watchedProjects.count)
            case .feedRead(let report):
                recordFeedRead(report)
            case .hostPaused, .hostResumed, .lagging, .stored:
                break  // rate limits are followed on the client (`follow(_: GitLabRateLimiter)`), events at the store
            }
        })
    }
}
