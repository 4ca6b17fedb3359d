import Foundation
import Notifier

/// Everything one poll (or one discovery pass) changed, written by `StateStore.apply(_:)` in one transaction.
///
/// After a crash either all of a change is in the store or none of it is, so the engine can always re-derive
/// and re-apply what was lost; re-applying is harmless because events are keyed by stable, content-derived
/// ids (an event whose id is already stored is skipped together with its deliveries).
///
/// Items are applied in this order: project records, heads, tags, contributors, reported commits, events. A head,
/// tag, contributor or reported commit may only name a project that is stored or upserted by the same change.
package struct StateChange: Sendable, Hashable {
    /// When the change was observed; stamps head updates and reported commits.
    package var at: Date
    /// Project records to insert or replace (matched by `ProjectKey`).
    package var projects: [ProjectRecord]
    /// Branch heads to set or delete.
    package var heads: [HeadUpdate]
    /// Tags to track, set or delete (see `TagUpdate`).
    package var tags: [TagUpdate]
    /// Contributors seen for the first time; a contributor already known for the project is left as it was.
    package var contributors: [NewContributor]
    /// Commits now reported, so that later pushes reaching them again don't announce them twice.
    package var reportedCommits: [ReportedCommits]
    /// Events to add to the outbox, each with the deliveries the rules planned for it.
    package var events: [PlannedEvent]
    /// The project lease the change was computed under, when replicas share the work (PostgreSQL): the change
    /// commits only while that lease's fencing counter still holds, otherwise it is refused
    /// (`StateStoreError.leaseLost`) and nothing is written. `nil` (SQLite, one process owning every project;
    /// discovery's own writes) writes unconditionally.
    package var fence: ProjectFence?

    /// Creates a change; every part defaults to empty.
    package init(
        at: Date,
        projects: [ProjectRecord] = [],
        heads: [HeadUpdate] = [],
        tags: [TagUpdate] = [],
        contributors: [NewContributor] = [],
        reportedCommits: [ReportedCommits] = [],
        events: [PlannedEvent] = [],
        fence: ProjectFence? = nil
    ) {
        self.at = at
        self.projects = projects
        self.heads = heads
        self.tags = tags
        self.contributors = contributors
        self.reportedCommits = reportedCommits
        self.events = events
        self.fence = fence
    }

    /// Sets or removes one branch head.
    package enum HeadUpdate: Sendable, Hashable {
        /// The branch (new or moved) now points at `sha`.
        case set(project: ProjectKey, branch: String, sha: String)
        /// The branch no longer exists (or is no longer watched).
        case delete(project: ProjectKey, branch: String)
    }

    /// A contributor seen for the first time in a project.
    package struct NewContributor: Sendable, Hashable {
        /// The project they contributed to.
        package var project: ProjectKey
        /// Who they are and where they were first seen.
        package var contributor: Contributor

        /// Creates a new-contributor record.
        package init(project: ProjectKey, contributor: Contributor) {
            self.project = project
            self.contributor = contributor
        }
    }

    /// Commits of one project to remember as reported.
    package struct ReportedCommits: Sendable, Hashable {
        /// The project the commits belong to.
        package var project: ProjectKey
        /// Their SHAs (40 or 64 hex digits).
        package var shas: [String]

        /// Creates a reported-commits record.
        package init(project: ProjectKey, shas: [String]) {
            self.project = project
            self.shas = shas
        }
    }
}
