/// Wake-ups between replicas sharing one state database (PostgreSQL's `LISTEN`/`NOTIFY`): a replica that commits
/// work another one may take tells the others, so they look at once instead of at their next periodic round.
///
/// A wake-up is only a hint. It is sent inside the transaction that made the work (so only committed work wakes
/// anyone), it carries no data, and it can be lost (the listening connection dropped, the database restarted):
/// the replicas' periodic rounds stay the safety net, so a lost wake-up costs latency, never an event.
///
/// The implementation is `PostgresStateStore`; `ReplicaWakeListener` keeps one listener running per replica.
package protocol ReplicaWakeups: Sendable {
    /// Listens on a connection of its own until the connection drops (it throws) or the calling task is cancelled
    /// (it returns): `listening()` once the server has confirmed the `LISTEN`, then `wake(_:)` for each wake-up
    /// another replica sends (this replica's own are left out: it already knows).
    ///
    /// `hint(_:)` gets the webhook hints other replicas pass on (`forward(_:)`).
    func listen(
        listening: @Sendable () -> Void, wake: @Sendable (ReplicaWake) -> Void,
        hint: @Sendable (ForwardedHint) -> Void
    ) async throws

    /// Passes hints for projects this replica does not hold to the other replicas, in one transaction, so that the
    /// one holding each polls it at once: a webhook's (GitLab sends a hook to one URL; a load balancer picks any
    /// replica), or the change feed's (only the leader reads it). Like a wake-up a hint can be lost, costing
    /// latency only: the holder's polls (and the sweep) still find the push.
    func forward(_ hints: [ForwardedHint]) async throws
}

extension ReplicaWakeups {
    /// Listens as `listen(listening:wake:hint:)`, leaving forwarded hints out.
    package func listen(listening: @Sendable () -> Void, wake: @Sendable (ReplicaWake) -> Void) async throws {
        try await listen(listening: listening, wake: wake, hint: { _ in })
    }

    /// Passes one hint on (`forward(_:)`).
    package func forward(_ hint: ForwardedHint) async throws {
        try await forward([hint])
    }
}

/// A push hint passed from the replica that got it to the others (`ReplicaWakeups.forward`): a webhook's, from the
/// replica GitLab's hook reached, or the change feed's, from the leader that read it (`event` is then
/// `ForwardedHint.feedEvent`). It says which project on which instance, and the ref, so the holder can leave out
/// refs its target does not follow.
package struct ForwardedHint: Sendable, Equatable, Codable {
    /// The replica that passed it on (it ignores its own).
    package var sender: String
    /// The GitLab instance's name in the config.
    package var instance: String
    /// The hook's event name (`push`, `tag_push`, …), or `feed` for a push event of the change feed.
    package var event: String
    /// The project's id on the instance.
    package var project: Int64
    /// The ref pushed (short name), when the hook names one.
    package var ref: String?
    /// `branch` or `tag`, when known.
    package var refType: String?

    /// `hint`, as received on `instance`, passed on by `sender`.
    package init(_ hint: HookHint, instance: String, sender: String) {
        self.init(sender: sender, instance: instance, event: hint.event, project: hint.project, ref: hint.ref,
                  refType: hint.refType)
    }

    private init(sender: String, instance: String, event: String, project: Int64, ref: String?, refType: String?) {
        self.sender = sender
        self.instance = instance
        self.event = event
        self.project = project
        self.ref = ref
        self.refType = refType
    }

    /// The `event` of a hint the change feed gave.
    package static let feedEvent = "feed"

    /// A push the change feed of `instance` saw, passed on by `sender` (the leader).
    init(_ hint: FeedHint, instance: String, sender: String) {
        self.init(sender: sender, instance: instance, event: Self.feedEvent, project: hint.project, ref: hint.ref,
                  refType: hint.refType)
    }

    /// Whether the change feed gave it (not a webhook).
    package var isFeedHint: Bool { event == Self.feedEvent }

    /// The push hint it carries.
    package var hint: HookHint {
        HookHint(event: event, kind: .push, project: project, ref: ref, refType: refType)
    }
}

/// What a wake-up says changed.
package enum ReplicaWake: String, Sendable, CaseIterable {
    /// Deliveries were queued (a poll's events, a dead letter re-queued): a delivery worker may have work.
    case deliveries
    /// Project leases or delivery claims were given back (a replica stopping, or above its fair share): a claim
    /// round may take them now, and the deliveries those claims held may be sent.
    case leases
    /// The leader published a new listing of a target's projects: the others take it up now (a new project is
    /// claimed at once).
    case discovered
}
