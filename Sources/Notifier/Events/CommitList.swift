/// The commits an event carries, oldest first: all of them, or the first and last N of a huge push.
///
/// A push of 2,500 commits is one event that says so (`totalCount`) and keeps the first and the last N
/// commits; `gapIndex` says where the omitted ones would go.
public struct CommitList: Sendable, Hashable, Codable {
    /// The commits kept, oldest first.
    public var commits: [Commit]
    /// How many commits the change brought in all.
    public var totalCount: Int
    /// When commits were left out: how many kept commits come before the gap (the first N).
    public var gapIndex: Int?

    /// Creates a list from commits already chosen.
    ///
    /// - parameter commits: The commits kept, oldest first.
    /// - parameter totalCount: How many commits the change brought; defaults to `commits.count`.
    /// - parameter gapIndex: Where the omitted commits would go, when some were left out.
    public init(commits: [Commit], totalCount: Int? = nil, gapIndex: Int? = nil) {
        self.commits = commits
        self.totalCount = max(totalCount ?? commits.count, commits.count)
        self.gapIndex = self.totalCount > commits.count ? (gapIndex ?? commits.count) : nil
    }

    /// Keeps every commit when there are at most `limit`, otherwise the first and the last `limit`.
    ///
    /// - parameter all: Every commit the change brought, oldest first.
    /// - parameter limit: N, the number kept at each end of a huge push (glwatch's default is 100).
    public init(keepingEnds all: [Commit], limit: Int) {
        let limit = max(limit, 1)
        if all.count <= 2 * limit {
            self.init(commits: all)
        } else {
            self.init(
                commits: Array(all.prefix(limit)) + Array(all.suffix(limit)),
                totalCount: all.count,
                gapIndex: limit
            )
        }
    }

    /// Whether commits were left out.
    public var isTruncated: Bool { totalCount > commits.count }

    /// How many commits were left out.
    public var omittedCount: Int { totalCount - commits.count }

    /// The commits before the gap (all of them when nothing was left out).
    public var head: ArraySlice<Commit> { commits[..<(gapIndex ?? commits.count)] }

    /// The commits after the gap (none when nothing was left out).
    public var tail: ArraySlice<Commit> { commits[(gapIndex ?? commits.count)...] }

    enum CodingKeys: String, CodingKey {
        case commits
        case totalCount = "total_commits"
        case gapIndex = "omitted_after"
        case omittedCount = "omitted_commits"
    }

    /// Decodes the list from `commits`, `total_commits` and `omitted_after`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let commits = try container.decode([Commit].self, forKey: .commits)
        self.init(
            commits: commits,
            totalCount: try container.decodeIfPresent(Int.self, forKey: .totalCount),
            gapIndex: try container.decodeIfPresent(Int.self, forKey: .gapIndex)
        )
    }

    /// Encodes the list as `commits`, `total_commits`, `omitted_commits` and (when truncated) `omitted_after`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(commits, forKey: .commits)
        try container.encode(totalCount, forKey: .totalCount)
        try container.encode(omittedCount, forKey: .omittedCount)
        try container.encodeIfPresent(gapIndex, forKey: .gapIndex)
    }
}
