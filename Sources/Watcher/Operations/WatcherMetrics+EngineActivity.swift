import Foundation
import RxCore
import Synchronization

extension WatcherMetrics {
    /// Follows the engine's activity: every poll (count, duration by outcome, last success per project),
    /// discovery passes and the number of watched projects; and, when `health` is given, tells it about successful
    /// polls and the end of the first cycle.
    ///
    /// The first cycle is over once every project of every target has a baseline (`WatchEngine.isBaselineComplete`;
    /// a first poll that failed does not count) — with `glwatch once`-style `pollAllOnce()` the caller may also call
    /// `health.cycleCompleted()` itself.
    /// Subscribe before `engine.start()`; dispose the result to stop following.
    func follow(_ engine: WatchEngine, health: HealthMonitor? = nil) -> any Disposable {
        let cycleOver = Mutex(false)
        let completeCycle = { @Sendable (health: HealthMonitor) in
            guard engine.isBaselineComplete else { return }
            let first = cycleOver.withLock { over in
                defer { over = true }
                return !over
            }
            if first { health.cycleCompleted() }
        }
        return engine.activity.subscribe(onNext: { [self] activity in
            switch activity {
            case .polled(let report):
                let finished = report.startedAt.addingTimeInterval(report.duration)
                recordPoll(
                    project: report.project, outcome: report.outcome, duration: report.duration, finishedAt: finished,
                    stalled: report.stalled
                )
                guard let health else { return }
                switch report.outcome {
                case .changed, .unchanged, .deferred: health.pollSucceeded(at: finished)  // deferred: GitLab answered
                case .failed, .rateLimited: break
                }
                completeCycle(health)
            case .discovered(let report):
                discoveries(report.failure == nil ? "ok" : "failed").increment()
                watchedProjects.record(engine.watchedProjects.count)
                if let health { completeCycle(health) }
            case .feedRead(let report):
                recordFeedRead(report)
            case .leasesSettled:
                if let health { completeCycle(health) }
            case .hostPaused, .hostResumed, .lagging, .stored:
                break  // rate limits are followed on the client (`follow(_: GitLabRateLimiter)`), events at the store
            }
        })
    }
}
