import Foundation

/// Something the watch engine did, published on `WatchEngine.activity` for metrics, health and progress output.
enum EngineActivity: Sendable, Equatable {
    /// One poll of one project finished.
    case polled(PollReport)
    /// A group or membership target listed its projects.
    case discovered(DiscoveryReport)
    /// GitLab rate-limited a host: every pipeline on it waits until `until`.
    case hostPaused(host: String, until: Date)
    /// A paused host's pipelines run again.
    case hostResumed(host: String)
    /// A project has not completed a poll for `missedIntervals` of its intervals (`watcher.lagging` was stored).
    case lagging(project: ProjectKey, path: String, missedIntervals: Int)
    /// Events were stored with deliveries queued: the delivery side should look at its queue now.
    case stored(project: ProjectKey, events: Int, deliveries: Int)
}

/// What one poll of one project did.
struct PollReport: Sendable, Equatable {
    /// The project.
    var project: ProjectKey
    /// Its path as last seen.
    var path: String
    /// When the poll started (after waiting for a slot on its host).
    var startedAt: Date
    /// How long it ran.
    var duration: TimeInterval
    /// What it found.
    var outcome: PollOutcome
    /// Events it stored (0 for a re-applied change whose events were already stored).
    var eventsStored: Int
    /// Deliveries it queued.
    var deliveriesQueued: Int
    /// Why it failed or was rate-limited (names the project and the HTTP status; never a token).
    var failure: String? = nil
    /// Whether the project has a stored baseline after this poll.
    var baselined: Bool = true
}

/// What one discovery pass of a group or membership target found.
struct DiscoveryReport: Sendable, Equatable {
    /// The target's scope, as logs name it (`group platform`).
    var scope: String
    /// The instance the target lives on.
    var instance: String
    /// When the pass started (the engine's clock).
    var startedAt: Date
    /// Projects now watched that were not before.
    var added: [ProjectKey]
    /// Projects no longer watched (deleted, moved out, archived, or no longer visible).
    var removed: [ProjectKey]
    /// Projects whose path changed (followed by id; the next poll stores `project.renamed`).
    var renamed: [ProjectKey]
    /// Why the pass failed, when it did (the previous project list stays in force).
    var failure: String?
}
