/// What a `tag.deleted` event carries.
public struct TagDeleted: Sendable, Hashable, Codable {
    /// The deleted tag's name.
    public var tag: String
    /// The commit the tag pointed at when glwatch last saw it.
    public var lastSHA: String
    /// The annotation message it had, if it was annotated.
    public var message: String?
    /// The page of the commit it pointed at (where it can be tagged again), when the project's web URL is known.
    public var webURL: String?

    enum CodingKeys: String, CodingKey {
        case tag, message
        case lastSHA = "last_sha"
        case webURL = "web_url"
    }
}
