import Foundation

/// The status page's live view of the engine: read from the lanes, rate limiters, instance monitors and pipelines
/// under their own locks, so a page load never waits for a poll.
extension WatchEngine: EngineStatusSource {
    /// Every instance with a client, ordered by name.
    func instanceStatuses() -> [InstanceStatus] {
        clients.keys.sorted().compactMap { name in
            guard let client = clients[name] else { return nil }
            let limits = client.rateLimiter.currentState
            let now = scheduler.now
            let throttled = limits.throttledUntil.flatMap { $0 > now ? $0 : nil }
            let paused = [lanes[client.laneName]?.pausedUntil, throttled].compactMap { $0 }.max()
            let monitor = monitors[name]
            let lastError = monitor?.lastError
            return InstanceStatus(
                name: name,
                host: client.laneName,
                pausedUntil: paused,
                rateLimitRemaining: limits.remaining,
                rateLimitLimit: limits.limit,
                rateLimitResetAt: limits.resetAt,
                throttled: limits.throttleCount,
                downSince: monitor?.downSince,
                nextProbeAt: monitor?.nextProbeAt,
                lastError: lastError?.message,
                lastErrorAt: lastError?.at
            )
        }
    }

    /// Every watched project's pipeline's live status.
    func projectStatuses() -> [ProjectKey: ProjectLiveStatus] {
        let pipelines = registry.withLock { Array($0.pipelines.values) }
        return Dictionary(pipelines.map { ($0.key, $0.liveStatus) }) { first, _ in first }
    }

    /// Notes each failed poll, discovery pass and feed read as its instance's last error, at the time it ended (the
    /// activity is published then; what `instanceStatuses()` shows); the monitors note their own failed probes.
    func noteInstanceErrors(_ activity: EngineActivity) {
        let failure: (instance: String, message: String)?
        switch activity {
        case .polled(let report): failure = report.failure.map { (report.project.instance, $0) }
        case .discovered(let report): failure = report.failure.map { (report.instance, $0) }
        case .feedRead(let report): failure = report.failure.map { (report.instance, $0) }
        default: failure = nil
        }
        guard let failure else { return }
        monitors[failure.instance]?.noteError(failure.message, at: scheduler.now)
    }
}
