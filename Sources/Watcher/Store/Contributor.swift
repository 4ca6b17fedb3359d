import Foundation

/// Someone who has committed to a project, identified by their normalized email.
package struct Contributor: Sendable, Hashable, Codable {
    /// The normalized email (see `normalize(email:)`); the identity a contributor is recognised by.
    package var email: String
    /// The display name seen with the contributor's first commit.
    package var name: String
    /// The SHA of the first commit glwatch attributes to them in the project.
    package var firstCommit: String
    /// When glwatch first saw them.
    package var firstSeenAt: Date

    /// Creates a contributor; `email` is normalized, so callers can pass it as GitLab returned it.
    package init(email: String, name: String, firstCommit: String, firstSeenAt: Date) {
        self.email = Self.normalize(email: email)
        self.name = name
        self.firstCommit = firstCommit
        self.firstSeenAt = firstSeenAt
    }

    /// The form emails are compared in: surrounding whitespace trimmed, lowercased (GitLab and git treat
    /// `Ann@Example.com` and `ann@example.com` as one person in practice, even though the local part may
    /// technically be case-sensitive).
    package static func normalize(email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
