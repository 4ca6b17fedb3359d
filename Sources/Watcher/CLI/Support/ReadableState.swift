import Foundation

/// A state store opened read-only for an inspection command (`status`, `history`, `deliveries`, `test-rule
/// --event`), whatever its backend: SQLite at a path, or the PostgreSQL database of `state.postgres`.
struct ReadableState: Sendable {
    /// Its read-only queries.
    let store: any StateQueries & EventLookup
    /// What the output calls it: the SQLite file's path, or `postgres://user@host:port/database` (never the
    /// password).
    let name: String
    /// How the replicas share the work (PostgreSQL only).
    let replicas: (any ReplicaQueries)?
    /// The config's `state.postgres.lease_period`, in seconds (PostgreSQL only): how long a heartbeat lasts.
    let leasePeriod: TimeInterval?
    /// Closes it.
    let close: @Sendable () async -> Void
}
