/// What a push event did (`push_data` of a `pushed` event).
public struct GitLabPushData: Sendable, Hashable, Codable {
    /// What happened to the ref; coded as its bare string, and open to spellings a later GitLab adds.
    public struct Action: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// GitLab's spelling.
        public let rawValue: String
        /// Wraps GitLab's spelling.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Commits were pushed to an existing ref.
        public static let pushed = Action(rawValue: "pushed")
        /// The ref was created.
        public static let created = Action(rawValue: "created")
        /// The ref was deleted.
        public static let removed = Action(rawValue: "removed")
        /// The raw value.
        public var description: String { rawValue }
    }

    /// Number of commits pushed.
    public var commitCount: Int
    /// Pushed, created or removed.
    public var action: Action
    /// `branch` or `tag`.
    public var refType: String
    /// The ref's previous head (`nil` for a new ref).
    public var commitFrom: String?
    /// The ref's new head (`nil` for a deleted ref).
    public var commitTo: String?
    /// The ref name, without `refs/heads/`.
    public var ref: String?
    /// The title of the newest pushed commit.
    public var commitTitle: String?
    /// Number of refs pushed at once (for bulk pushes).
    public var refCount: Int?

    enum CodingKeys: String, CodingKey {
        case action, ref
        case commitCount = "commit_count"
        case refType = "ref_type"
        case commitFrom = "commit_from"
        case commitTo = "commit_to"
        case commitTitle = "commit_title"
        case refCount = "ref_count"
    }
}
