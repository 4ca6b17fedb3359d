import Foundation
import Testing

@testable import Watcher

/// Instant mode in the composition root: what a reload says about the hook listener.
@Suite struct WatcherRuntimeHooksTests {
    let system = FakeConfigSystem(variables: ["GITLAB_HOOK_TOKEN": "one", "OTHER_TOKEN": "two"])

    @Test func testHooksReloadWarning_onlyWhenTheHooksSectionChanged() throws {
        let before = try system.load("watch: [a/b]\nhooks: {token_env: GITLAB_HOOK_TOKEN}\n")
        let sameHooks = try system.load("watch: [a/b, c/d]\nhooks: {token_env: GITLAB_HOOK_TOKEN}\n")
        let otherToken = try system.load("watch: [a/b]\nhooks: {token_env: OTHER_TOKEN}\n")
        let noHooks = try system.load("watch: [a/b]\n")

        #expect(WatcherRuntime.hooksReloadWarning(old: before, new: sameHooks) == nil)
        let warning = "changes to hooks: take effect at the next restart; the running listener stays"
        #expect(WatcherRuntime.hooksReloadWarning(old: before, new: otherToken) == warning)
        #expect(WatcherRuntime.hooksReloadWarning(old: before, new: noHooks) == warning)
    }
}
