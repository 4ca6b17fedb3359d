/// The kinds of event glwatch reports; the raw value is the name used in rules, payloads and the outbox.
public enum EventType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Commits became reachable from a watched branch.
    case commitsNew = "commits.new"
    /// The first commit in a project by an author not seen before.
    case contributorNew = "contributor.new"
    /// A watched branch appeared.
    case branchCreated = "branch.created"
    /// A watched branch disappeared.
    case branchDeleted = "branch.deleted"
    /// A watched branch was rewritten: its old head is no longer an ancestor of the new one.
    case branchForcePushed = "branch.force_pushed"
    /// A tag appeared (targets with `tags: true`).
    case tagCreated = "tag.created"
    /// A tag disappeared (targets with `tags: true`); a tag moved to another commit is deleted, then created.
    case tagDeleted = "tag.deleted"
    /// A project failed to poll several times in a row (gone private, token expired, server errors).
    case projectUnreachable = "project.unreachable"
    /// GitLab answered a project's polls the same failing way several times in a row (`stalled_after`).
    case projectStalled = "project.stalled"
    /// A project that was unreachable or stalled answers again.
    case projectRecovered = "project.recovered"
    /// A project's path changed (followed by id).
    case projectRenamed = "project.renamed"
    /// A watched project left the watch: archived, deleted, moved out of the watched group, or no longer visible.
    case projectRemoved = "project.removed"
    /// A watch target has not completed a poll for several intervals.
    case watcherLagging = "watcher.lagging"
    /// Every project of a GitLab instance fails the same way at once (token revoked or expired, connection
    /// refused, DNS failure): one event for the instance instead of one `project.unreachable` per project.
    case instanceUnreachable = "instance.unreachable"
    /// An unreachable instance answers again.
    case instanceRecovered = "instance.recovered"
    /// An instance's access token expires within the warning period (14 days by default).
    case tokenExpiring = "token.expiring"

    /// The event type's name, for example `commits.new`.
    public var description: String { rawValue }
}
