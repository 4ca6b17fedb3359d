/// Identifies a watched project for good: the GitLab instance plus the project's numeric id.
///
/// Paths change when a project is renamed or moved; the numeric id does not, so every record in the store is
/// keyed by it. Its `description` (`gitlab.com/278964`) is the `projectKey` of the project's outbox events, the
/// unit the notifier keeps delivery order in.
package struct ProjectKey: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The GitLab instance, as named in the configuration (usually its host, like `gitlab.com`).
    package var instance: String
    /// GitLab's numeric project id.
    package var id: Int64

    /// Creates a key from an instance name and a numeric project id.
    package init(instance: String, id: Int64) {
        self.instance = instance
        self.id = id
    }

    /// Parses the `instance/id` form produced by `description`; `nil` when `string` is not in that form.
    package init?(_ string: String) {
        guard let slash = string.lastIndex(of: "/"), slash != string.startIndex,
            let id = Int64(string[string.index(after: slash)...])
        else { return nil }
        self.init(instance: String(string[..<slash]), id: id)
    }

    /// `instance/id`, like `gitlab.com/278964`.
    package var description: String { "\(instance)/\(id)" }

    /// Orders by instance, then id.
    package static func < (lhs: ProjectKey, rhs: ProjectKey) -> Bool {
        (lhs.instance, lhs.id) < (rhs.instance, rhs.id)
    }
}
