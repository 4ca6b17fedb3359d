extension WatchEngine {
    /// Whether every project of every target has a baseline: every target has discovered its projects and every
    /// watched project's baseline is stored. glwatch is ready (`/readyz`, the `first cycle done` log) from then
    /// on; before, a push could still be missing from a baseline that does not exist yet.
    var isBaselineComplete: Bool {
        let (discovered, pipelines) = registry.withLock { ($0.allDiscovered, Array($0.pipelines.values)) }
        return discovered && pipelines.allSatisfy(\.hasBaseline)
    }
}
