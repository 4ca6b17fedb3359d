/// What a `branch.force_pushed` event carries: the rewrite and the commits it brought.
public struct BranchForcePushed: Sendable, Hashable, Codable {
    /// The head before the rewrite (no longer an ancestor of the new head).
    public var oldHead: String
    /// The head after the rewrite.
    public var newHead: String
    /// How many commits the rewrite dropped from the branch.
    public var droppedCount: Int
    /// Whether the new head shares no history with the old one (GitLab has no merge base for them): the branch was
    /// replaced by an unrelated history — another repository's, or an orphan branch pushed over it. `commits` is
    /// then the new history (bounded like any push) and `droppedCount` the old one's.
    public var unrelated: Bool
    /// Whether GitLab no longer has the old head (its housekeeping pruned the commit after the rewrite, while glwatch
    /// was away): nothing can say what the old head had, so `droppedCount` is 0 and `commits` are the new head's
    /// commits glwatch has not announced, committed since a day before it last saw the branch (bounded like any push).
    public var oldHeadPruned: Bool
    /// The commits the rewrite brought, oldest first.
    public var commits: CommitList

    /// Creates the details of a `branch.force_pushed` event.
    public init(
        oldHead: String, newHead: String, droppedCount: Int, unrelated: Bool = false, oldHeadPruned: Bool = false,
        commits: CommitList
    ) {
        self.oldHead = oldHead
        self.newHead = newHead
        self.droppedCount = droppedCount
        self.unrelated = unrelated
        self.oldHeadPruned = oldHeadPruned
        self.commits = commits
    }

    enum CodingKeys: String, CodingKey {
        case oldHead = "old_head"
        case newHead = "new_head"
        case droppedCount = "dropped_commits"
        case unrelated
        case oldHeadPruned = "old_head_pruned"
    }

    /// Decodes the heads, the dropped count and the commit list's fields from the event's `data`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        oldHead = try container.decode(String.self, forKey: .oldHead)
        newHead = try container.decode(String.self, forKey: .newHead)
        droppedCount = try container.decode(Int.self, forKey: .droppedCount)
        // Absent from events stored before it existed: those were all rewrites of a shared history.
        unrelated = try container.decodeIfPresent(Bool.self, forKey: .unrelated) ?? false
        oldHeadPruned = try container.decodeIfPresent(Bool.self, forKey: .oldHeadPruned) ?? false
        commits = try CommitList(from: decoder)
    }

    /// Encodes the heads, the dropped count and the commit list's fields into the event's `data`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(oldHead, forKey: .oldHead)
        try container.encode(newHead, forKey: .newHead)
        try container.encode(droppedCount, forKey: .droppedCount)
        try container.encode(unrelated, forKey: .unrelated)
        try container.encode(oldHeadPruned, forKey: .oldHeadPruned)
        try commits.encode(to: encoder)
    }
}
