/// What a `commits.new` event carries: the commits that became reachable from a branch.
public struct NewCommits: Sendable, Hashable, Codable {
    /// The branch head before, or `nil` when glwatch had no earlier head (a first poll with `notify_last`).
    public var before: String?
    /// The branch head after.
    public var after: String
    /// The new commits, oldest first.
    public var commits: CommitList

    /// Creates the details of a `commits.new` event.
    public init(before: String?, after: String, commits: CommitList) {
        self.before = before
        self.after = after
        self.commits = commits
    }

    enum CodingKeys: String, CodingKey { case before, after }

    /// Decodes `before`, `after` and the commit list's fields from the event's `data`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        before = try container.decodeIfPresent(String.self, forKey: .before)
        after = try container.decode(String.self, forKey: .after)
        commits = try CommitList(from: decoder)
    }

    /// Encodes `before`, `after` and the commit list's fields into the event's `data`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(before, forKey: .before)
        try container.encode(after, forKey: .after)
        try commits.encode(to: encoder)
    }
}
