import Foundation

/// Something the watch engine did, published on `WatchEngine.activity` for metrics, health and progress output.
package enum EngineActivity: Sendable, Equatable {
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
    /// The change feed of an instance was read (and the projects its hints named were woken).
    case feedRead(FeedReport)
    /// Events were stored with deliveries queued: the delivery side should look at its queue now.
    case stored(project: ProjectKey, events: Int, deliveries: Int)
    /// Among replicas, once: the first lease round after every target's first discovery succeeded, so this replica
    /// holds its share of the projects (possibly none) and its first cycle is theirs.
    case leasesSettled
}

/// What one poll of one project did.
package struct PollReport: Sendable, Equatable {
    /// The project.
    package var project: ProjectKey
    /// Its path as last seen.
    package var path: String
    /// When the poll started (after waiting for a slot on its host).
    package var startedAt: Date
    /// How long it ran.
    package var duration: TimeInterval
    /// What it found.
    package var outcome: PollOutcome
    /// Events it stored (0 for a re-applied change whose events were already stored).
    package var eventsStored: Int
    /// Deliveries it queued.
    package var deliveriesQueued: Int
    /// Why it failed or was rate-limited (names the project and the HTTP status; never a token).
    package var failure: String? = nil
    /// Whether the project has a stored baseline after this poll.
    package var baselined: Bool = true
    /// What started the poll (the pipeline's loop; `nil` for a poll `glwatch once` asked for).
    package var trigger: PollTrigger? = nil
    /// Whether the project is stalled after the poll (`project.stalled`, until a poll succeeds).
    package var stalled = false
}

/// What one discovery pass of a group or membership target found.
package struct DiscoveryReport: Sendable, Equatable {
    /// The target's scope, as logs name it (`group platform`).
    package var scope: String
    /// The instance the target lives on.
    package var instance: String
    /// When the pass started (the engine's clock).
    package var startedAt: Date
    /// Projects now watched that were not before.
    package var added: [ProjectKey]
    /// Projects no longer watched (deleted, moved out, archived, or no longer visible).
    package var removed: [ProjectKey]
    /// Projects whose path changed (followed by id; the next poll stores `project.renamed`).
    package var renamed: [ProjectKey]
    /// Why the pass failed, when it did (the previous project list stays in force).
    package var failure: String?
    /// Whether the project list was the leader's (among replicas, `WatchEngine.leaderList(_:named:what:)`), not read from
    /// GitLab.
    package var followed = false
}
