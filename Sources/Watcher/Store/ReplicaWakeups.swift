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
    func listen(listening: @Sendable () -> Void, wake: @Sendable (ReplicaWake) -> Void) async throws
}

/// What a wake-up says changed.
package enum ReplicaWake: String, Sendable, CaseIterable {
    /// Deliveries were queued (a poll's events, a dead letter re-queued): a delivery worker may have work.
    case deliveries
    /// Project leases or delivery claims were given back (a replica stopping, or above its fair share): a claim
    /// round may take them now, and the deliveries those claims held may be sent.
    case leases
}
