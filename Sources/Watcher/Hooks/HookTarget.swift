/// Where the hook listener sends the hints it accepts: the watch engine (`WatchEngine+Hooks.swift`), or a recorder
/// in tests.
package protocol HookTarget: Sendable {
    /// Acts on `hint` from instance `instance` without waiting for any poll; says what became of it.
    func hint(_ hint: HookHint, instance: String) -> HookOutcome
}

extension WatchEngine: HookTarget {}
