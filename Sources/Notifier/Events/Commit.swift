/// One commit, as events carry it (the fields GitLab's commit list returns).
public struct Commit: Sendable, Hashable, Codable {
    /// The full SHA.
    public var id: String
    /// The abbreviated SHA GitLab shows.
    public var shortID: String
    /// The first line of the message.
    public var title: String
    /// The full message.
    public var message: String
    /// Who wrote the change.
    public var author: Person
    /// When the change was written.
    public var authoredAt: CommitTimestamp
    /// Who committed it.
    public var committer: Person
    /// When it was committed.
    public var committedAt: CommitTimestamp
    /// The parents' SHAs; more than one for a merge commit.
    public var parentIDs: [String]
    /// The commit's page on GitLab.
    public var webURL: String?
    /// Git trailers (`Signed-off-by: …`), each key with its values in order.
    public var trailers: [String: [String]]
    /// Set when the message was shortened to keep a payload within a size limit.
    public var messageTruncated: Bool

    /// Creates a commit.
    ///
    /// `shortID` defaults to the first 8 characters of `id`, `title` to the message's first line, and the committer to
    /// the author.
    public init(
        id: String,
        shortID: String? = nil,
        title: String? = nil,
        message: String,
        author: Person,
        authoredAt: CommitTimestamp,
        committer: Person? = nil,
        committedAt: CommitTimestamp? = nil,
        parentIDs: [String] = [],
        webURL: String? = nil,
        trailers: [String: [String]] = [:],
        messageTruncated: Bool = false
    ) {
        self.id = id
        self.shortID = shortID ?? String(id.prefix(8))
        self.title = title ?? Commit.firstLine(of: message)
        self.message = message
        self.author = author
        self.authoredAt = authoredAt
        self.committer = committer ?? author
        self.committedAt = committedAt ?? authoredAt
        self.parentIDs = parentIDs
        self.webURL = webURL
        self.trailers = trailers
        self.messageTruncated = messageTruncated
    }

    /// Whether this is a merge commit (more than one parent).
    public var isMerge: Bool { parentIDs.count > 1 }

    /// The first line of a commit message (found on the UTF-8 view: messages can be huge).
    static func firstLine(of message: String) -> String {
        let utf8 = message.utf8
        guard let end = utf8.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
            return message
        }
        return String(message[..<end])
    }

    enum CodingKeys: String, CodingKey {
        case id, title, message, trailers
        case shortID = "short_id"
        case authorName = "author_name"
        case authorEmail = "author_email"
        case authoredAt = "authored_date"
        case committerName = "committer_name"
        case committerEmail = "committer_email"
        case committedAt = "committed_date"
        case parentIDs = "parent_ids"
        case webURL = "web_url"
        case messageTruncated = "message_truncated"
    }

    /// Decodes a commit from the payload's flat, GitLab-like shape.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            shortID: try container.decode(String.self, forKey: .shortID),
            title: try container.decode(String.self, forKey: .title),
            message: try container.decode(String.self, forKey: .message),
            author: Person(
                name: try container.decode(String.self, forKey: .authorName),
                email: try container.decode(String.self, forKey: .authorEmail)
            ),
            authoredAt: try container.decode(CommitTimestamp.self, forKey: .authoredAt),
            committer: Person(
                name: try container.decode(String.self, forKey: .committerName),
                email: try container.decode(String.self, forKey: .committerEmail)
            ),
            committedAt: try container.decode(CommitTimestamp.self, forKey: .committedAt),
            parentIDs: try container.decode([String].self, forKey: .parentIDs),
            webURL: try container.decodeIfPresent(String.self, forKey: .webURL),
            trailers: try container.decodeIfPresent([String: [String]].self, forKey: .trailers) ?? [:],
            messageTruncated: try container.decodeIfPresent(Bool.self, forKey: .messageTruncated) ?? false
        )
    }

    /// Encodes the commit in the payload's flat, GitLab-like shape.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(shortID, forKey: .shortID)
        try container.encode(title, forKey: .title)
        try container.encode(message, forKey: .message)
        try container.encode(author.name, forKey: .authorName)
        try container.encode(author.email, forKey: .authorEmail)
        try container.encode(authoredAt, forKey: .authoredAt)
        try container.encode(committer.name, forKey: .committerName)
        try container.encode(committer.email, forKey: .committerEmail)
        try container.encode(committedAt, forKey: .committedAt)
        try container.encode(parentIDs, forKey: .parentIDs)
        try container.encodeIfPresent(webURL, forKey: .webURL)
        try container.encode(trailers, forKey: .trailers)
        if messageTruncated { try container.encode(true, forKey: .messageTruncated) }
    }
}
