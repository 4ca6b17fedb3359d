import Foundation
import RxCore

/// The watch engine's mutable bookkeeping, kept under one lock: the targets with what each last discovered, and
/// the project pipelines with the target that owns each.
struct EngineRegistry {
    /// One configured target.
    struct Entry {
        /// Stable for the entry's life, across reloads that keep the target.
        let id: Int
        /// The target.
        var target: WatchTarget
        /// What its last successful discovery pass listed; `nil` before the first.
        var discovered: [GitLabProject]?
        /// Its discovery loop while the engine runs.
        var discovery: (any Disposable)?
        /// Failed discovery passes in a row.
        var failures = 0
        /// When its first successful discovery pass started (set once that pass is reconciled): a project a later
        /// pass lists that was created after it is new (announced from an empty baseline).
        var firstDiscoveryAt: Date?
        /// When its first discovery pass in this process started, successful or not: the projects its first
        /// successful pass lists are watched from then, so a push made while a failed first pass waited for its
        /// retry is announced.
        var firstAttemptAt: Date?
        /// Projects the last listing left out although GitLab could not say whether they are still in scope
        /// (`WatchScope.stillCovers` is `nil`, e.g. a membership target): kept once, gone if the next listing
        /// leaves them out too.
        var leftOutOnce: Set<Int64> = []
    }

    private(set) var entries: [Entry] = []
    private var nextID = 0
    /// Every watched project's pipeline.
    var pipelines: [ProjectKey: ProjectPipeline] = [:]
    /// The entry that owns each pipeline.
    var owners: [ProjectKey: Int] = [:]
    /// Every project the targets cover (as of the last reconciliation), whether or not this replica holds its
    /// lease: what it offers the other replicas (`ReplicaCoordinator`).
    var covered: Set<ProjectKey> = []
    /// The lease each pipeline was started under, when replicas share the work.
    var fences: [ProjectKey: ProjectFence] = [:]
    /// Whether `WatchEngine.start()` is running.
    var isRunning = false
    /// Whether stored projects no target covers any more have been marked `removed` (done once, after every
    /// target's first successful discovery).
    var hasSweptStore = false
    /// Among replicas: whether a lease round that began once every target had discovered its projects has
    /// succeeded, so this replica holds its share (before it, holding nothing says nothing about the first cycle).
    var leasesSettled = false

    /// Whether every target has discovered its projects at least once.
    var allDiscovered: Bool { entries.allSatisfy { $0.discovered != nil } }

    /// Adds a target; returns its entry id.
    @discardableResult
    mutating func add(_ target: WatchTarget) -> Int {
        nextID += 1
        entries.append(Entry(id: nextID, target: target))
        return nextID
    }

    /// The entry with `id`, if it still exists.
    func entry(_ id: Int) -> Entry? {
        entries.first { $0.id == id }
    }

    /// Updates the entry with `id`, if it still exists; returns whether it did.
    @discardableResult
    mutating func update(_ id: Int, _ change: (inout Entry) -> Void) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        change(&entries[index])
        return true
    }

    /// Replaces the targets, keeping the entries (and their discovered projects) of targets that did not change.
    /// Returns the ids of new entries and the discovery loops of removed ones.
    mutating func replace(_ targets: [WatchTarget]) -> (started: [Int], stopped: [any Disposable]) {
        var old = entries
        var kept: [Entry] = []
        var started: [Int] = []
        for target in targets {
            if let index = old.firstIndex(where: { $0.target == target }) {
                kept.append(old.remove(at: index))
            } else {
                nextID += 1
                kept.append(Entry(id: nextID, target: target))
                started.append(nextID)
            }
        }
        entries = kept
        return (started, old.compactMap(\.discovery))
    }
}
