import Foundation

/// One configured watch, as the engine receives it: where to look, what to watch there and how often.
///
/// The config (`watch:` in the YAML) resolves to these; the engine expands a group or membership scope into its
/// projects (and keeps that list current on its own slower discovery cadence), then polls each project with the
/// target's options and cadence.
package struct WatchTarget: Sendable, Equatable {
    /// The name of the GitLab instance (a key of the engine's clients) the target lives on.
    var instance: String
    /// What the target covers.
    var scope: WatchScope
    /// What each poll of one of its projects asks (branches, initial behaviour, aliases, limits).
    var options: PollOptions
    /// How often each of its projects is polled.
    var cadence: Cadence

    /// Creates a target.
    package init(instance: String, scope: WatchScope, options: PollOptions = PollOptions(), cadence: Cadence) {
        self.instance = instance
        self.scope = scope
        self.options = options
        self.cadence = cadence
    }
}

/// What a watch target covers.
package enum WatchScope: Sendable, Hashable, CustomStringConvertible {
    /// One project, by id or full path (followed by id once resolved, so a rename does not lose it).
    case project(GitLabProjectRef)
    /// Every project of a group; archived projects only when asked.
    case group(GitLabGroupRef, includeSubgroups: Bool = true, includeArchived: Bool = false)
    /// Every project the token's user is a member of; archived projects only when asked.
    case membership(includeArchived: Bool = false)

    /// How logs and errors name the scope: `project group/app`, `group platform`, `membership`.
    package var description: String {
        switch self {
        case .project(let ref): "\(ref)"
        case .group(let ref, _, _): "\(ref)"
        case .membership: "membership"
        }
    }
}
