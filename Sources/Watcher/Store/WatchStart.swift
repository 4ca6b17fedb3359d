import Foundation

/// When glwatch began watching something, kept so that a restart does not move the moment
/// (`StateStore.beginWatching(_:)`).
///
/// - For a **project**: its baseline is as of this moment, however late its first successful poll comes (even
///   in a later process): what was pushed since is announced. `isNew` marks a project created after its
///   target's first discovery, which starts from an empty baseline instead.
/// - For a **target**: when its first discovery pass started; a project created after it is new.
package struct WatchStart: Sendable, Hashable {
    /// What is watched: `project <instance>/<id>` or `target <instance> <scope>`.
    package var subject: String
    /// When the watch began.
    package var since: Date
    /// Whether the project is new (created after its target's first discovery); always false for a target.
    package var isNew: Bool

    /// How a project's subject begins (`project <instance>/<id>`).
    package static let projectPrefix = "project "

    /// The start of watching `project`.
    package static func project(_ project: ProjectKey, since: Date, isNew: Bool = false) -> WatchStart {
        WatchStart(subject: projectPrefix + project.description, since: since, isNew: isNew)
    }

    /// The project a subject names (`project(_:since:isNew:)`'s), or `nil` for a target's.
    package static func project(ofSubject subject: String) -> ProjectKey? {
        guard subject.hasPrefix(projectPrefix) else { return nil }
        return ProjectKey(String(subject.dropFirst(projectPrefix.count)))
    }

    /// The first discovery of the target listing `scope` (like `group acme`) on `instance`.
    package static func target(instance: String, scope: String, since: Date) -> WatchStart {
        WatchStart(subject: "target \(instance) \(scope)", since: since, isNew: false)
    }

    /// Creates a watch start.
    package init(subject: String, since: Date, isNew: Bool) {
        self.subject = subject
        self.since = since
        self.isNew = isNew
    }
}
