import Foundation
import Notifier

/// What one poll of a known project read: the stored state beside GitLab's project record and heads now.
struct PollReading: Sendable {
    /// When the poll began.
    var time: Date
    /// What the store held (the seed the heads are compared with).
    var state: ProjectState
    /// The project record as GitLab shows it (cached between polls, see `ProjectPoller.refreshProjectInfo()`).
    var info: GitLabProject
    /// The stored heads of the watched branches, by branch name.
    var stored: [String: String]
    /// The watched branches' heads now, and how they were read.
    var observation: ProjectPoller.HeadObservation

    /// How the heads moved from the stored ones.
    var diff: HeadDiff { HeadDiff(stored: stored, observed: observation.heads) }
}

/// What the examined ranges hold, ready to be stored: head updates, reported commits, contributors and events.
struct PollChanges: Sendable {
    /// The state change so far (the project record, tags and routed events are added when it is stored).
    var change: StateChange
    /// The events the pushes and deleted branches make, in order.
    var events: [WatchEvent] = []
}
