/// What one reconciliation of discovered projects against running pipelines changed.
struct EngineReconciliation {
    /// Pipelines created (to start when the engine runs).
    var added: [ProjectPipeline] = []
    /// Pipelines to stop (their project is no longer watched, or is now watched by another target).
    var stopped: [ProjectPipeline] = []
    /// Pipelines whose project's path changed.
    var renamed: [ProjectPipeline] = []
    /// Pipelines whose project's default branch changed (same path).
    var refreshed: [ProjectPipeline] = []
    /// Projects no longer watched by any target, with the status to record.
    var removed: [(key: ProjectKey, status: ProjectStatus)] = []
    /// When the watch of each added project began (and whether it is new), to record before they start.
    var starts: [WatchStart] = []
}
