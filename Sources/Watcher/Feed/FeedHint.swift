/// A push the change feed saw: *where* to look, never *what* changed (the poll that follows reads that).
package struct FeedHint: Sendable, Equatable {
    /// The feed event's id (the de-duplication key).
    package var eventID: Int64
    /// The project pushed to.
    package var project: Int64
    /// The ref pushed (without `refs/heads/`), `nil` for a bulk push of more refs than
    /// `push_event_activities_limit`, which names none.
    package var ref: String?
    /// `branch` or `tag`.
    package var refType: String?

    /// Whether the push changed several refs at once and named none (poll the whole project).
    package var isBulk: Bool { ref == nil }

    /// The hint a push event gives, or `nil` for an event without a project or push data.
    init?(_ event: GitLabEvent) {
        guard let project = event.projectID, let push = event.pushData else { return nil }
        self.init(eventID: event.id, project: project, ref: push.ref, refType: push.refType)
    }

    /// Creates a hint.
    package init(eventID: Int64, project: Int64, ref: String?, refType: String? = "branch") {
        self.eventID = eventID
        self.project = project
        self.ref = ref
        self.refType = refType
    }
}
