import Foundation

/// A tag (`GET /repository/tags`).
public struct GitLabTag: Sendable, Hashable, Codable {
    /// The tag name.
    public var name: String
    /// The annotation message (`nil` or empty for a lightweight tag).
    public var message: String?
    /// The SHA the tag points to (the tag object for an annotated tag).
    public var target: String?
    /// The tagged commit.
    public var commit: GitLabCommit?
    /// Whether the tag is protected.
    public var protected: Bool?
    /// When an annotated tag was created.
    public var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case name, message, target, commit, protected
        case createdAt = "created_at"
    }
}
