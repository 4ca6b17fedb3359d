/// What a `tag.created` event carries.
public struct TagCreated: Sendable, Hashable, Codable {
    /// The tag's name, such as `v1.2.0`.
    public var tag: String
    /// The SHA of the commit the tag points at (for an annotated tag, the commit, not the tag object).
    public var sha: String
    /// The annotation message of an annotated tag; `nil` for a lightweight tag.
    public var message: String?
    /// The tag's page on GitLab (`…/-/tags/<name>`), when the project's web URL is known.
    public var webURL: String?
    /// The tagged commit, when GitLab listed it with the tag.
    public var commit: Commit?

    /// Whether the tag is annotated (it carries a message).
    public var isAnnotated: Bool { message != nil }

    enum CodingKeys: String, CodingKey {
        case tag, sha, message, commit
        case webURL = "web_url"
    }
}
