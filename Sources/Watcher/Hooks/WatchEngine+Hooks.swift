import Foundation
import RxCore

/// GitLab's webhooks as hints, through the change feed's wake path: a push hook wakes the project's pipeline
/// (`pipeline.wake(.hook)`, which coalesces any number of wakes into one poll), a project lifecycle hook wakes the
/// instance's discovery. Nothing is read from the hook beyond the project and the ref: the poll stays the truth.
///
/// ```text
/// hook ─┬─ push, watched, branch wanted ─ pipeline.wake(.hook)   (.polled)
///       ├─ push, watched, tag or other branch ─ nothing          (.filtered)
///       ├─ push, held by another replica ─ passed on to it      (.forwarded)
///       ├─ push, not watched ─ nothing                           (.unwatched)
///       └─ project_create/destroy/rename/transfer ─ discovery of the instance's targets (.discovery)
/// ```
extension WatchEngine {
    /// Acts on one hook's hint from GitLab instance `instance` (the engine's client name); returns at once (the
    /// poll or discovery runs later, through the host's lane).
    @discardableResult
    package func hint(_ hint: HookHint, instance: String) -> HookOutcome {
        let key = ProjectKey(instance: instance, id: hint.project)
        let pipeline = registry.withLock { $0.pipelines[key] }
        switch hint.kind {
        case .lifecycle:
            if let pipeline, hint.event == "project_rename" || hint.event == "project_transfer" {
                pipeline.refreshProjectInfo()
                pipeline.wake(.hook)
            }
            return wakeDiscovery(instance: instance) ? .discovery : .unwatched
        case .push:
            guard let pipeline else {
                // Among replicas, a project the targets cover but another replica holds: the holder polls it.
                let covered = registry.withLock { $0.covered.contains(key) }
                return covered && leases?.forward(hint, instance: instance) == true ? .forwarded : .unwatched
            }
            return wake(pipeline, key: key, for: hint)
        }
    }

    /// Acts on a push hint another replica passed on (`ReplicaWakeups.forward`): a webhook's, or the change feed's
    /// (the leader's read; `ForwardedHint.isFeedHint`, which notes no hook). Wakes the project's pipeline if this
    /// replica holds it, and never passes it on again.
    @discardableResult
    package func forwardedHint(_ forwarded: ForwardedHint) -> HookOutcome {
        let key = ProjectKey(instance: forwarded.instance, id: forwarded.project)
        guard let pipeline = registry.withLock({ $0.pipelines[key] }) else { return .unwatched }
        guard forwarded.isFeedHint else { return wake(pipeline, key: key, for: forwarded.hint) }
        guard pipeline.wants(ref: forwarded.ref, refType: forwarded.refType) else { return .filtered }
        pipeline.wake(.feed, pushed: HintedPush.of(ref: forwarded.ref, refType: forwarded.refType))
        return .polled
    }

    /// Notes the hook's time and wakes `pipeline` when its target follows the hint's ref.
    private func wake(_ pipeline: ProjectPipeline, key: ProjectKey, for hint: HookHint) -> HookOutcome {
        recordHook(for: key)
        guard pipeline.wants(ref: hint.ref, refType: hint.refType) else { return .filtered }
        pipeline.wake(.hook, pushed: HintedPush.of(ref: hint.ref, refType: hint.refType))
        return .polled
    }

    /// How many projects' last hook writes are kept before the ones older than a second are dropped.
    static var hookWritesPruneThreshold: Int { 1_024 }

    /// Notes in the store that GitLab sent a hook for the watched project `key` (`glwatch status`'s LAST HOOK), at
    /// most once a second per project, without holding up the hook's answer. Returns the write (`nil` when the
    /// project's last write is less than a second old).
    @discardableResult
    func recordHook(for key: ProjectKey) -> Task<Void, Never>? {
        let now = scheduler.now
        let due = hookWrites.withLock { written in
            guard written[key].map({ now.timeIntervalSince($0) >= 1 }) ?? true else { return false }
            // Only the last second matters: older entries go once there are many (projects that left the watch).
            if written.count >= Self.hookWritesPruneThreshold {
                written = written.filter { now.timeIntervalSince($0.value) < 1 }
            }
            written[key] = now
            return true
        }
        guard due else { return nil }
        let store = store
        let logger = logger
        return Task {
            do {
                try await store.recordHooks([IdlePoll(project: key, at: now)])
            } catch {
                logger.warning("could not record a hook's time", metadata: ["key": "\(key)", "error": "\(error)"])
            }
        }
    }

    /// Runs one discovery pass now for every target on `instance`, unless one started by a hook is still running
    /// for it (a burst of lifecycle hooks makes one pass per target). `false` when no target is on `instance`.
    /// The pass lists GitLab itself, even on a replica that takes the leader's lists: the hook is newer.
    func wakeDiscovery(instance: String) -> Bool {
        wakeDiscovery(of: { $0.instance == instance }, fromGitLab: true)
    }

    /// Among replicas, the leader published new project lists (`ReplicaWake.discovered`): runs a discovery pass of
    /// every target now, which takes them up.
    package func takeUpLeaderListings() {
        _ = wakeDiscovery(of: { _ in true }, fromGitLab: false)
    }

    /// Runs one discovery pass now for every target `wanted` selects; where one woken this way still runs, it runs
    /// once more after it (a burst of wakes makes at most two passes per target). `false` when none is selected
    /// (or the engine is not running).
    private func wakeDiscovery(of wanted: (WatchTarget) -> Bool, fromGitLab: Bool) -> Bool {
        let ids = registry.withLock { registry in
            registry.isRunning ? registry.entries.filter { wanted($0.target) }.map(\.id) : []
        }
        guard !ids.isEmpty else { return false }
        for id in ids {
            let idle = wokenDiscoveries.withLock { running in
                guard let pass = running[id] else {
                    running[id] = (again: false, fromGitLab: false)
                    return true
                }
                running[id] = (again: true, fromGitLab: pass.fromGitLab || fromGitLab)
                return false
            }
            if idle { runWokenDiscovery(id, fromGitLab: fromGitLab) }
        }
        return true
    }

    /// One woken discovery pass of target `id`, and another after it if it was woken again meanwhile.
    private func runWokenDiscovery(_ id: Int, fromGitLab: Bool) {
        _ = Single<DiscoveryReport?>.create { await self.discover(id, fromGitLab: fromGitLab) }
            .subscribe { [self] _ in
                let again = wokenDiscoveries.withLock { running -> Bool? in
                    guard let pass = running[id], pass.again else {
                        running[id] = nil
                        return nil
                    }
                    running[id] = (again: false, fromGitLab: false)
                    return pass.fromGitLab
                }
                if let again { runWokenDiscovery(id, fromGitLab: again) }
            }
    }
}

/// What became of a hook's hint in the engine.
package enum HookOutcome: String, Sendable, Equatable, CaseIterable {
    /// The project's pipeline was woken: it polls now (or right after the poll in flight).
    case polled
    /// A watched project, but a ref its target does not follow (a tag, another branch).
    case filtered
    /// Among replicas: another replica holds the project; the hint was passed on to it.
    case forwarded
    /// No target watches the project (or, for a lifecycle hook, nothing runs on the instance).
    case unwatched
    /// Discovery of the instance's targets was woken.
    case discovery
}
