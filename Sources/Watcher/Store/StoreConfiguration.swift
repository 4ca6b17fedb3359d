import Foundation

/// How to open the state store: where, in which mode, and how patiently.
package struct StoreConfiguration: Sendable, Hashable {
    /// Who opens the store.
    package enum Access: Sendable, Hashable {
        /// The watcher: takes the single-writer lock, creates and migrates the database.
        case readWrite
        /// Inspection (`glwatch status`, `events`…) beside a running watcher: no lock, no migration, no writes.
        case readOnly
    }

    /// How hard SQLite works to make each commit survive a power loss (`PRAGMA synchronous`).
    package enum Durability: String, Sendable, Hashable {
        /// Every commit is synced to disk before `apply` returns: a committed change survives a power loss.
        case full = "FULL"
        /// Commits survive a crash of glwatch, but the last ones may be lost on a power loss or OS crash (the
        /// database stays consistent; lost changes are re-detected and re-applied, but deliveries recorded as done
        /// in them may be sent again).
        case normal = "NORMAL"
    }

    /// The database file, like `~/.local/state/glwatch/state.db`.
    ///
    /// Its directory is created (mode 0700) if missing; the lock file is this path plus `.lock`.
    package var path: String
    /// Read-write (the watcher) or read-only (inspection).
    package var access: Access
    /// How long to wait for another connection's SQLite lock before failing with `StateStoreError.busy`.
    package var busyTimeout: TimeInterval
    /// The commit durability.
    package var durability: Durability

    /// Creates a configuration; defaults: read-write, 5 s busy timeout, full durability (glwatch writes a few
    /// transactions a second at most, so syncing each one costs nothing users notice, and it is what keeps the
    /// "never twice" promise across power losses).
    package init(path: String, access: Access = .readWrite, busyTimeout: TimeInterval = 5, durability: Durability = .full) {
        self.path = path
        self.access = access
        self.busyTimeout = busyTimeout
        self.durability = durability
    }

}
