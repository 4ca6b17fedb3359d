import Foundation

/// Where and how the fake GitLab sends webhooks for its own pushes (`FakeGitLab.sendHooks(_:)`), with knobs to
/// lose or slow some of them, as real deliveries are lost (a push of more than `push_event_hooks_limit` refs, a
/// disabled hook, a network failure) or slow (GitLab's Sidekiq queue).
public struct FakeHookSettings: Sendable {
    /// Which hooks: a project (or group) webhook, or an instance-wide system hook.
    public enum Kind: Sendable, Equatable {
        /// `X-Gitlab-Event: Push Hook` / `Tag Push Hook`, for pushes only.
        case project
        /// `X-Gitlab-Event: System Hook`: `push`, `tag_push`, and `project_create`, `project_destroy`,
        /// `project_rename`, `project_transfer`.
        case system
    }

    /// The receiver's URL (glwatch's `hooks.listen` + `hooks.path`).
    public var url: URL
    /// The hook's secret token, sent as `X-Gitlab-Token`.
    public var token: String
    /// Which hooks are sent.
    public var kind: Kind
    /// The fraction of hooks never sent (0…1), drawn from `seed`.
    public var dropFraction: Double
    /// The fraction of the hooks sent that wait `delay` first (0…1).
    public var delayFraction: Double
    /// How long a delayed hook waits.
    public var delay: Duration
    /// The seed of the drop and delay draws, so a run replays.
    public var seed: UInt64

    /// Creates settings: every hook sent at once unless told otherwise.
    public init(
        url: URL,
        token: String,
        kind: Kind = .project,
        dropFraction: Double = 0,
        delayFraction: Double = 0,
        delay: Duration = .zero,
        seed: UInt64 = 1
    ) {
        self.url = url
        self.token = token
        self.kind = kind
        self.dropFraction = min(1, max(0, dropFraction))
        self.delayFraction = min(1, max(0, delayFraction))
        self.delay = delay
        self.seed = seed
    }
}

/// One hook the fake sent (or dropped on purpose).
public struct FakeSentHook: Sendable, Equatable {
    /// `X-Gitlab-Event`.
    public var event: String
    /// The hook's `event_name` (`push`, `tag_push`, `project_create`, …).
    public var eventName: String
    /// The project.
    public var project: Int64
    /// The full ref, for pushes.
    public var ref: String?
    /// When the push or change happened (the fake's clock).
    public var at: Date
    /// Whether it was dropped by `dropFraction` (never sent).
    public var dropped: Bool
    /// The receiver's status, once answered; `nil` while in flight, for a dropped hook, or when the request failed.
    public var status: Int?
}
