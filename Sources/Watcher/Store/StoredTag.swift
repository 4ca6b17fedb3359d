import Foundation

/// A tag of a project whose target has `tags: true`, as glwatch last saw it.
package struct StoredTag: Sendable, Hashable, Codable {
    /// The tag's name, such as `v1.2.0`.
    package var name: String
    /// The commit it points at (lowercase hex; for an annotated tag the commit, not the tag object).
    package var sha: String
    /// An annotated tag's message; `nil` for a lightweight tag.
    package var message: String?
    /// When the store recorded this tag.
    package var updatedAt: Date

    /// Creates a stored tag.
    package init(name: String, sha: String, message: String? = nil, updatedAt: Date) {
        self.name = name
        self.sha = sha
        self.message = message
        self.updatedAt = updatedAt
    }
}
