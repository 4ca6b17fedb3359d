import Foundation

/// Webhooks: the fake posts GitLab's project or system hooks for its own pushes (and, for system hooks, project
/// creations, deletions, renames and moves) to a receiver, dropping or delaying a fraction on demand.
///
/// ```swift
/// gitlab.sendHooks(FakeHookSettings(url: URL(string: "http://127.0.0.1:9095/gitlab")!, token: "s3cret",
///                                   dropFraction: 0.5))
/// api.commits(1)                        // → POST Push Hook (or not: half are dropped)
/// await gitlab.waitForHooks(1)
/// ```
extension FakeGitLab {
    /// Starts sending hooks for every change from now on (`nil` stops); replaces earlier settings.
    public func sendHooks(_ settings: FakeHookSettings?) {
        guard let settings else {
            store.afterWrite.withLock { $0 = nil }
            hookSender.withLock { $0 = nil }
            return
        }
        let sender = store.read { FakeHookSender(settings: settings, world: $0) }
        hookSender.withLock { $0 = sender }
        let store = store
        store.afterWrite.withLock {
            $0 = { sender.look(reading: { store.read { $0 } }, now: store.clock.now) }
        }
    }

    /// Every hook sent or dropped since `sendHooks(_:)`, in the order the changes happened.
    public var sentHooks: [FakeSentHook] { hookSender.withLock { $0 }?.sent ?? [] }

    /// Returns once `count` hooks have been answered, failed or dropped since `sendHooks(_:)`.
    public func waitForHooks(_ count: Int) async {
        await hookSender.withLock { $0 }?.waitForHooks(count)
    }
}
