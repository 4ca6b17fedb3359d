import Foundation

/// Which events `StateQueries.recentEvents(_:)` returns (newest first); by default the 50 newest events of every
/// type and project.
struct EventFilter: Sendable, Hashable {
    /// Only events of this project key (`gitlab.com/278964`).
    var projectKey: String?
    /// Only events of these types; all types when empty.
    var types: Set<String> = []
    /// Only events created at or after this time.
    var since: Date?
    /// At most this many events.
    var limit = 50
    /// Skip this many of the newest matching events first (paging: the status page's API).
    var offset = 0
}
