/// What only the running watch engine knows, read by the status page: each GitLab instance's rate limit, outage and
/// last error, and each project's lag and last wake-up. Answered from memory, at once (`WatchEngine+Status`).
protocol EngineStatusSource: Sendable {
    /// Every configured GitLab instance now, ordered by name.
    func instanceStatuses() -> [InstanceStatus]

    /// Every watched project's live state, by key.
    func projectStatuses() -> [ProjectKey: ProjectLiveStatus]
}
