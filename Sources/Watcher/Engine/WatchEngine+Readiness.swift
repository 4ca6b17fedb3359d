extension WatchEngine {
    /// Whether every project of every target has a baseline: every target has discovered its projects and every
    /// watched project's baseline is stored — among replicas, every project of the share this replica holds once
    /// a lease round has run after that discovery (until then it holds nothing yet, which says nothing). glwatch is
    /// ready (`/readyz`, the `first cycle done` log) from then on; before, a push could still be missing from a
    /// baseline that does not exist yet.
    var isBaselineComplete: Bool {
        let (discovered, settled, pipelines) = registry.withLock {
            ($0.allDiscovered, $0.leasesSettled, Array($0.pipelines.values))
        }
        return discovered && (leases == nil || settled) && pipelines.allSatisfy(\.hasBaseline)
    }

    /// Whether every target has discovered its projects at least once.
    var hasDiscoveredAll: Bool {
        registry.withLock { $0.allDiscovered }
    }
}
